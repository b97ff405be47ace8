import type http from "node:http";

/**
 * Request body caps outside /api/v1 (issue 19 §5), applied by the production server in
 * front of Next and by the lean listener, before any handler runs, without buffering:
 *   /api/connectors/…  operator callbacks          64 KB (the largest documented callback is ~3 KB)
 *   /api/auth/…        next-auth (sign-in, out)    64 KB
 *   /api/trpc/…        dashboard procedures         1 MB
 *   /api/trpc/…bulkPayouts.…  the bulk payout CSV   4 MB (1,000 rows of at most ~2 KB each as JSON)
 *   anything else      pages, server actions       64 KB
 * /api/v1 keeps its own 1 MB cap, read only after the API key is verified (body-limit.ts).
 * A declared Content-Length over the cap is answered 413 before a byte is used (up to
 * 16 MB the rest is read through and dropped, so the sender gets the answer); a chunked
 * body is counted as node's parser hands it over and, past the cap, dropped, answered 413
 * and the connection closed. Nothing is held: the count is a number.
 */
const KB = 1024;
export const BODY_CAPS = { callback: 64 * KB, auth: 64 * KB, trpc: 1024 * KB, bulk: 4096 * KB, other: 64 * KB } as const;

export function bodyCapFor(url: string | undefined): number {
  const u = url ?? "/";
  if (u.startsWith("/api/connectors/")) return BODY_CAPS.callback;
  if (u.startsWith("/api/auth/")) return BODY_CAPS.auth;
  if (u.startsWith("/api/trpc/")) {
    const procedures = u.slice("/api/trpc/".length).split("?")[0];
    return procedures.includes("bulkPayouts.") ? BODY_CAPS.bulk : BODY_CAPS.trpc;
  }
  return BODY_CAPS.other;
}

const TOO_LARGE = JSON.stringify({ status: "error", message: "Payload too large", data: null });

/**
 * Bytes of a refused body (413) read and dropped so its sender gets the answer: closing
 * while the client is still uploading makes its kernel see a reset, and clients (curl,
 * Playwright, most SDKs) then report EPIPE or ECONNRESET instead of the 413. With the
 * connection kept, node reads what is left of the body through and discards it (nothing
 * is held). Past this, or when the length is unknown (chunked), the connection is cut.
 */
const DRAIN_REFUSED_BYTES = 16 * 1024 * 1024;

/** Whether a refused body of this declared length is read through rather than cut off. */
export function drainsRefusedBody(declaredLength: string | undefined): boolean {
  const n = Number(declaredLength);
  return declaredLength !== undefined && Number.isSafeInteger(n) && n >= 0 && n <= DRAIN_REFUSED_BYTES;
}

function refuse(res: http.ServerResponse, headers: string[], destroyAfter: http.IncomingMessage | null, keepConnection = false): void {
  if (res.headersSent || res.writableEnded) {
    destroyAfter?.socket?.destroy();
    return;
  }
  const connection = keepConnection ? [] : ["connection", "close"];
  res.writeHead(413, [...headers, "content-type", "application/json; charset=utf-8", ...connection, "content-length", String(Buffer.byteLength(TOO_LARGE))]);
  res.end(TOO_LARGE, () => destroyAfter?.socket?.destroy());
}

/**
 * Puts `cap` on the request's body. Returns false when the request was answered already
 * (declared length over the cap): the caller must not hand it on. Otherwise the body is
 * counted as it arrives and the request is cut off past the cap.
 */
export function capRequestBody(req: http.IncomingMessage, res: http.ServerResponse, cap: number, headers: string[] = []): boolean {
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    const n = Number(declared);
    if (!Number.isSafeInteger(n) || n < 0 || n > cap) {
      refuse(res, headers, null, drainsRefusedBody(declared));
      return false;
    }
    return true; // node's parser never delivers more than the declared length
  }
  if (req.headers["transfer-encoding"] === undefined) return true; // no body at all
  let size = 0;
  let over = false;
  const push = req.push.bind(req);
  // node's HTTP parser hands each body chunk to push(): counting here reads nothing early
  // and keeps whoever consumes the stream (Next, tRPC, next-auth) exactly as it was.
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (over) return false;
    if (chunk !== null && chunk !== undefined) {
      size += (chunk as Buffer).length ?? 0;
      if (size > cap) {
        over = true;
        refuse(res, headers, req);
        return false;
      }
    }
    return push(chunk, encoding);
  };
  return true;
}
