// Types for verify-webhook.mjs (so TypeScript code, Sika's tests included, can import it).
export function verifySignature(rawBody: string | Buffer, signatureHeader: string | null | undefined, secret: string): boolean;
export function verifyWebhookSignature(
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined> | { get(name: string): string | null },
  secret: string,
  options?: { toleranceSeconds?: number; now?: number },
): boolean;
