import pino from "pino";
import { env } from "./env";

/**
 * Structured JSON logs. Secrets never reach them: the redact list covers the
 * headers and fields that could carry a key or a webhook secret.
 */
let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  if (!instance) {
    instance = pino({
      level: process.env.LOG_LEVEL ?? env().LOG_LEVEL,
      base: { service: "sika" },
      redact: {
        paths: [
          "authorization",
          "headers.authorization",
          "*.authorization",
          "secret",
          "*.secret",
          "webhookSecret",
          "*.webhookSecret",
          "apiKey",
          "*.apiKey",
          "password",
          "*.password",
        ],
        censor: "[redacted]",
      },
    });
  }
  return instance;
}
