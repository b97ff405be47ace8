/**
 * Secrets out of what the request log stores (issue 23). Plain JavaScript (types in
 * redact.d.mts): the request log's writer thread (copy-thread.mjs) runs it, off the API's
 * thread, as well as the in-process writers. Authorization is never stored
 * (headers are not kept at all); in bodies, fields whose name says secret (password, pin,
 * otp, secret, token, key material) become "[redacted]", and `whsec_…` / `sk_…` values
 * anywhere, also inside other strings or non-JSON text, are cut down to their prefix.
 */
export const REDACTED = "[redacted]";
export const MAX_BODY_CHARS = 16_384;

const SECRET_FIELD = /(^|_)(password|passwd|passcode|pin|otp|secret|token|authorization|api_key|apikey|cvv|private_key)(_|$)/;
const SECRET_VALUE = /\b(whsec_|sk_live_|sk_test_)[A-Za-z0-9+/=_-]+/g;

/** `currentPassword` → `current_password`, `X-Api-Key` → `x_api_key`. */
function snake(key) {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();
}

export function isSecretField(key) {
  return SECRET_FIELD.test(snake(key));
}

export function redactText(text) {
  return text.replace(SECRET_VALUE, `$1${REDACTED}`);
}

function redactValue(value, depth) {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = isSecretField(k) && v !== null && v !== "" ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

function cap(raw) {
  // PostgreSQL text cannot hold NUL; a fuzzer's body must not cost the whole batch.
  const text = raw.replace(/\u0000/g, "");
  return text.length > MAX_BODY_CHARS ? `${text.slice(0, MAX_BODY_CHARS)}…[truncated]` : text;
}

/** A cheap look at the raw text: could any field name in it be a secret one? */
const MAYBE_SECRET_FIELD = /password|passwd|passcode|pin|otp|secret|token|authorization|api_?key|apikey|cvv|private/i;

/**
 * The body as stored: redacted, capped. Field-name redaction needs the JSON parsed and
 * written back; that is done only when a secret-sounding name appears in the text (most
 * payin bodies and every response have none), otherwise the value patterns alone run.
 */
export function redactBody(text) {
  if (text === null || text === undefined || text === "") return null;
  if (!MAYBE_SECRET_FIELD.test(text)) return cap(redactText(text));
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Capped first: what is stored is capped anyway, and the patterns then see at most 16 KB.
    return cap(redactText(redactUnparsed(text.slice(0, MAX_BODY_CHARS + 1))));
  }
  return cap(JSON.stringify(redactValue(parsed, 0)));
}

/**
 * A body that does not parse (a truncated JSON, a trailing comma, a form post) still names its
 * fields: `"om_otp": "1234"`, `'pin': 0000`, `"secret": {…}` or `otp=1234`. Their values go by
 * pattern, up to the closing quote, or to the end of a string cut short; an object or array
 * value goes whole, up to its closing bracket or the end of the text. A field name is at most
 * 128 characters, so no pattern runs back over the whole body from every quote, and the scan
 * resumes after what it redacted, so the whole pass stays linear.
 */
const QUOTED_FIELD = /(["'])((?:\\.|(?!\1)[^\\]){0,128})\1(\s*:\s*)("(?:\\.|[^"\\])*(?:"|$)|'(?:\\.|[^'\\])*(?:'|$)|[^\s,{}[\]"']*)/g;
const FORM_FIELD = /(^|[&;\s])([^=&;\s]+)=([^&;\s]*)/g;

function redactUnparsed(text) {
  return redactQuotedFields(text).replace(FORM_FIELD, (all, lead, key, value) => (isSecretField(safeDecode(key)) && value !== "" ? `${lead}${key}=${REDACTED}` : all));
}

function redactQuotedFields(text) {
  let out = "";
  let from = 0;
  QUOTED_FIELD.lastIndex = 0;
  for (let m = QUOTED_FIELD.exec(text); m !== null; m = QUOTED_FIELD.exec(text)) {
    const [all, quote, key, colon, value] = m;
    const valueAt = m.index + all.length - value.length;
    if (!isSecretField(key)) continue;
    const opener = value === "" ? text[valueAt] : undefined;
    const end = opener === "{" || opener === "[" ? closingBracket(text, valueAt) : value !== "" && value !== "null" ? valueAt + value.length : -1;
    if (end < 0) continue;
    out += `${text.slice(from, m.index)}${quote}${key}${quote}${colon}"${REDACTED}"`;
    from = end;
    QUOTED_FIELD.lastIndex = end;
  }
  return out + text.slice(from);
}

/** Just past the bracket that closes the one at `at` (strings skipped), or the end of a text cut short. */
function closingBracket(text, at) {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === "\\" ? 2 : 1;
    } else if (c === "{" || c === "[") depth++;
    else if ((c === "}" || c === "]") && --depth === 0) return i + 1;
  }
  return text.length;
}

function safeDecode(s) {
  try {
    return decodeURIComponent(s.replace(/\+/g, " "));
  } catch {
    return s;
  }
}

const TRANSACTION_ID = /\b(?:pi|po|rf)_[0-9A-Z]{26}\b/;
/** The transaction a one-object response is about (its `data` opens with `transaction_id` or `id`); a list names none. */
const NAMED_ID = /"data":\{"(?:transaction_id|id)":"((?:pi|po|rf)_[0-9A-Z]{26})"/;

/** The transaction a request touched: an id in its path, else the id its response names. */
export function transactionIdOf(path, responseText) {
  const inPath = TRANSACTION_ID.exec(path);
  if (inPath) return inPath[0];
  if (!responseText) return null;
  return NAMED_ID.exec(responseText)?.[1] ?? null;
}
