export const REDACTED: string;
export const MAX_BODY_CHARS: number;
export function isSecretField(key: string): boolean;
export function redactText(text: string): string;
/** The body as stored: redacted, capped; null when there was none. */
export function redactBody(text: string | null | undefined): string | null;
/** The transaction a request touched: an id in its path, else the id its response names. */
export function transactionIdOf(path: string, responseText: string | null | undefined): string | null;
