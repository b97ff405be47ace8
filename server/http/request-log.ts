import type { DbOrTx } from "../db/client";
import { env } from "../env";
import { clientAddress } from "../auth/throttle";
import { enqueueRequestLog } from "../request-logs/write-batch";
import type { ApiRequest } from "./api-request";
import { headerOf, type ApiResult } from "./api-result";
import type { HeaderReader } from "./raw-headers";
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
  req: ApiRequest;
  auth: MerchantAuth | null;
  requestId: string;
  /** The body text as read by the wrapper (undefined when the endpoint takes none). */
  requestText: string | undefined;
  response: ApiResult;
  durationMs: number;
  startedAt: Date;
}

let enabled: boolean | undefined;

export function requestLogEnabled(): boolean {
  enabled ??= env().REQUEST_LOG_ENABLED === "1";
  return enabled;
}

/** JSON bodies only (a statement's CSV is not kept): the text the endpoint produced, on both entries. */
function responseText(res: ApiResult): string | undefined {
  return (headerOf(res, "content-type") ?? "").includes("json") ? res.body : undefined;
}

function addressOf(headers: HeaderReader): string | null {
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
    path: ctx.req.pathname,
    query: ctx.req.search.slice(1),
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
