import { trace } from "@opentelemetry/api";
import pino from "pino";
import { env } from "./env";
import { chunkedDestination } from "./log-destination";

/**
 * Structured JSON logs. Secrets never reach them: the redact list covers the
 * headers and fields that could carry a key or a webhook secret.
 */
let instance: pino.Logger | undefined;

export function logger(): pino.Logger {
  instance ??= createLogger(productionDestination(), env().LOG_LEVEL);
  return instance;
}

let access: { base: pino.Logger; child: pino.Logger } | undefined;

/**
 * The per-request access line's logger: logger() itself (same destination, level and
 * fields) without the redaction pass, which walked every field of every access line for
 * paths it can never hold (its fields are fixed: request id, method, path, status,
 * duration, merchant id). Anything else goes through logger().
 */
export function accessLogger(): pino.Logger {
  const base = logger();
  if (access?.base !== base) access = { base, child: base.child({}, { redact: [] }) };
  return access.child;
}

/** The fields of the per-request access line (api-route.ts). */
export interface AccessFields {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  merchantId?: string | null;
}

/**
 * The per-request access line: pino's own line for these fields, byte for byte
 * (tests/unit/logger.test.ts), written straight into the logger's destination. Its six
 * fields are fixed, so pino's generic serialisation (a walk of the object, a check per key
 * for serializers) is not needed; it was about a twentieth of a status read's CPU. With
 * tracing on (a mixin adds the trace ids) pino writes it.
 */
export function logAccess(fields: AccessFields, log: pino.Logger = accessLogger()): void {
  if (!log.isLevelEnabled("info")) return;
  if (env().OTEL_EXPORTER_OTLP_ENDPOINT) {
    log.info(fields, "request");
    return;
  }
  const own = log as unknown as Record<symbol, unknown>;
  const stream = own[pino.symbols.streamSym] as { write(line: string): unknown };
  const bindings = own[pino.symbols.chindingsSym] as string;
  let line = `{"level":${log.levels.values.info},"time":${Date.now()}${bindings},"requestId":${JSON.stringify(fields.requestId)},"method":${JSON.stringify(fields.method)},"path":${JSON.stringify(fields.path)},"status":${fields.status},"durationMs":${fields.durationMs}`;
  if (fields.merchantId !== undefined) line += `,"merchantId":${JSON.stringify(fields.merchantId)}`;
  stream.write(`${line},"msg":"request"}\n`);
}

/**
 * Production writes stdout in chunks of 16 KB instead of one write() per line: the
 * per-request access log was a tenth of a payin's CPU in profiles. The chunks are
 * gathered and written by server/log-destination.ts (SonicBoom's own asynchronous
 * gathering cost ~5 µs a line and could lose its last write at exit), every second when
 * traffic is low and before the process exits; a SIGKILL can lose at most the last second.
 * Elsewhere (dev, tests) lines are written at once.
 */
function productionDestination(): pino.DestinationStream | undefined {
  if (env().NODE_ENV !== "production") return undefined;
  return chunkedDestination({ fd: 1, minLength: 16_384 });
}

/** A logger with Sika's settings; `destination` defaults to stdout (tests pass a stream). */
export function createLogger(destination?: pino.DestinationStream, level = "info"): pino.Logger {
  return pino(
    {
      level,
      base: { service: "sika" },
      // Issue 25: with tracing on, every line names its trace (server/observability/tracing.ts).
      ...(env().OTEL_EXPORTER_OTLP_ENDPOINT ? { mixin: traceIds } : {}),
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
      // A failed query's error carries every bound value (drizzle: `params` and a message
      // ending "params: …"; postgres-js: `parameters`): a password hash, an email, a key's
      // hash could reach the logs. Only the SQL text stays (issue 19 §14).
      serializers: { err: safeErr, error: safeErr },
    },
    destination,
  );
}

const PARAM_KEYS = new Set(["params", "parameters", "values"]);
/** `Failed query: … \nparams: a,b,c` → `… \nparams: [redacted]` (drizzle's message and stack). */
const PARAMS_LINE = /(\nparams: )[^\n]*/g;

function safeErr(value: unknown): unknown {
  return redactParams(value instanceof Error ? pino.stdSerializers.err(value) : value, 0);
}

function redactParams(value: unknown, depth: number): unknown {
  if (depth > 5 || value === null || typeof value !== "object") {
    return typeof value === "string" ? value.replace(PARAMS_LINE, "$1[redacted]") : value;
  }
  const source = value instanceof Error ? pino.stdSerializers.err(value) : (value as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(source)) {
    if (PARAM_KEYS.has(k) && Array.isArray(v)) out[k] = `[redacted: ${v.length} value${v.length === 1 ? "" : "s"}]`;
    else out[k] = redactParams(v, depth + 1);
  }
  return out;
}

/** The active span's ids for a log line; nothing outside a span. */
function traceIds(): Record<string, string> {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
}
