import pino from "pino";
import { env } from "./env";

/**
 * Structured JSON logs. Secrets never reach them: the redact list covers the
 * headers and fields that could carry a key or a webhook secret.
 */
let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger(undefined, process.env.LOG_LEVEL ?? env().LOG_LEVEL);
  return instance;
}

/** A logger with Sika's settings; `destination` defaults to stdout (tests pass a stream). */
export function createLogger(destination?: pino.DestinationStream, level = "info"): pino.Logger {
  return pino(
    {
      level,
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
    },
    destination,
  );
}
