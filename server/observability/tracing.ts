import { context, propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type TextMapGetter } from "@opentelemetry/api";
import { env } from "../env";
import { logger } from "../logger";

/**
 * OpenTelemetry traces (docs/operations.md, "Traces"): on when OTEL_EXPORTER_OTLP_ENDPOINT
 * is set, exported over OTLP/HTTP in batches by @opentelemetry/sdk-node; off and free
 * otherwise: `withSpan` then calls its function and nothing else (no tracer, no context,
 * no allocation), and the SDK is never loaded.
 *
 * Spans: one per HTTP request (server/http, `http.route` the template), per database
 * statement batch (payin group commit, lifecycle batch), per operator call and per webhook
 * delivery, with `sika.transaction_id` where one transaction is concerned. Log lines carry
 * `trace_id`/`span_id` of the active span (the logger's mixin, server/logger.ts).
 */
let on = false;
let sdk: { shutdown(): Promise<void> } | undefined;

export const tracingEnabled = () => on;

const TRACER = "sika";

/** Starts the SDK once per process when an OTLP endpoint is configured. */
export async function startTracing(): Promise<boolean> {
  const endpoint = env().OTEL_EXPORTER_OTLP_ENDPOINT;
  if (on || !endpoint) return on;
  const [{ NodeSDK }, { OTLPTraceExporter }, { BatchSpanProcessor }] = await Promise.all([
    import("@opentelemetry/sdk-node"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/sdk-trace-base"),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` });
  const started = new NodeSDK({
    serviceName: env().OTEL_SERVICE_NAME,
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
    instrumentations: [],
    // Traces only: Prometheus has the metrics (metrics.ts), stdout the logs.
    logRecordProcessors: [],
    metricReaders: [],
  });
  started.start();
  sdk = started;
  on = true;
  logger().info({ endpoint }, "tracing: exporting spans over OTLP/HTTP");
  return true;
}

/** Flushes the spans still buffered and stops (shutdown, tests). */
export async function stopTracing(): Promise<void> {
  const s = sdk;
  sdk = undefined;
  on = false;
  await s?.shutdown().catch(() => {});
  // Unregister the globals, so a later start (tests) registers its own provider.
  if (s) {
    trace.disable();
    context.disable();
    propagation.disable();
  }
}

/**
 * Runs `fn` inside a span (attributes given as a function are only built when tracing is on) (the active one for everything it awaits) when tracing is on;
 * records an exception and an error status when it throws.
 */
export function withSpan<T>(name: string, attributes: Attributes | (() => Attributes), fn: (span?: Span) => Promise<T>, server?: IncomingHeaders): Promise<T> {
  if (!on) return fn();
  const attrs = typeof attributes === "function" ? attributes() : attributes;
  // A request's span continues the caller's trace (W3C `traceparent`, the SDK's default propagator).
  const parent = server ? propagation.extract(context.active(), server, headerGetter) : context.active();
  const options = { attributes: attrs, kind: server ? SpanKind.SERVER : SpanKind.INTERNAL };
  return trace.getTracer(TRACER).startActiveSpan(name, options, parent, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Node's incoming headers (lower-case names). */
export type IncomingHeaders = Record<string, string | string[] | undefined>;
const headerGetter: TextMapGetter<IncomingHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key.toLowerCase()],
};

/** Sets attributes on the active span, if any (the request span learns its route and status). */
export function annotateSpan(attributes: Attributes): void {
  if (!on) return;
  trace.getActiveSpan()?.setAttributes(attributes);
}
