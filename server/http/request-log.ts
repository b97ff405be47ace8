import type { DbOrTx } from "../db/client";
import { env } from "../env";
import { clientAddress } from "../auth/throttle";
import { enqueueRequestLog } from "../request-logs/write-batch";
import { leanResponseText } from "./lean-fetch";
import type { MerchantAuth } from "./request-auth";

/**
 * The request log's hook in the API wrapper (server/http/api-route.ts), kept apart so the
 * wrapper's other hooks (metrics, body caps) stay independent of it. Synchronous: it
 * only queues the entry (server/request-logs/write-batch.ts writes in batches off the
 * request path). Requests without a valid key have no merchant to show them to and are
 * not recorded; REQUEST_LOG_ENABLED=0 records nothing.
 */
export interface RequestLogContext {
  db: DbOrTx;
  req: Request;
  url: URL;
  auth: MerchantAuth | null;
  requestId: string;
  /** The body text as read by the wrapper (undefined when the endpoint takes none). */
  requestText: string | undefined;
  response: Response;
  durationMs: number;
  startedAt: Date;
}

let enabled: boolean | undefined;

export function requestLogEnabled(): boolean {
  enabled ??= env().REQUEST_LOG_ENABLED === "1";
  return enabled;
}

function responseText(res: Response): string | Promise<string> | undefined {
  const lean = leanResponseText(res);
  if (lean !== undefined) return lean;
  if (!(res.headers.get("content-type") ?? "").includes("json") || !res.body) return undefined;
  // A Next Response is a stream: its clone is read later, by the writer, not awaited here.
  return res.clone().text();
}

function addressOf(headers: Headers): string | null {
  const address = clientAddress(headers);
  return address === "unknown" ? null : address;
}

export function logApiRequest(ctx: RequestLogContext): void {
  if (!ctx.auth || !requestLogEnabled()) return;
  enqueueRequestLog(ctx.db, {
    merchantId: ctx.auth.merchantId,
    mode: ctx.auth.mode,
    apiKeyId: ctx.auth.keyId,
    method: ctx.req.method,
    path: ctx.url.pathname,
    query: ctx.url.search.replace(/^\?/, ""),
    status: ctx.response.status,
    durationMs: ctx.durationMs,
    requestId: ctx.requestId,
    idempotencyKey: ctx.req.headers.get("idempotency-key"),
    clientAddress: addressOf(ctx.req.headers),
    requestText: ctx.requestText,
    responseText: responseText(ctx.response),
    at: ctx.startedAt,
  });
}
