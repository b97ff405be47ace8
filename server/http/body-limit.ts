import type http from "node:http";
import { errors } from "../errors";

/**
 * Request bodies are capped at 1 MB (D14): a declared Content-Length above it is refused
 * before a byte is read, and a body without one (chunked) is counted as it streams and
 * abandoned as soon as it passes the cap, so an oversized upload never sits in memory.
 * The wrapper reads a body only after authentication, so a caller without a valid key
 * never gets one buffered at all.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Throws 413 when the declared length is over the cap (or not a number). */
export function checkDeclaredLength(value: string | null | undefined, cap = MAX_BODY_BYTES): void {
  if (value == null || value === "") return;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > cap) throw errors.payloadTooLarge();
}

/** A Fetch body as text, capped; cancels the stream past the cap. */
export async function readCappedText(req: Request, cap = MAX_BODY_BYTES): Promise<string> {
  checkDeclaredLength(req.headers.get("content-length"), cap);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel().catch(() => {});
      throw errors.payloadTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** A node:http body, capped; stops reading (and pauses the socket) past the cap. */
export function readCappedNodeBody(raw: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    try {
      checkDeclaredLength(raw.headers["content-length"]);
    } catch (err) {
      reject(err);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        raw.off("data", onData);
        raw.pause();
        chunks.length = 0;
        reject(errors.payloadTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    raw.on("data", onData);
    raw.on("end", () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    raw.on("error", reject);
  });
}
