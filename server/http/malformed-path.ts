/**
 * A page path with a segment that does not decode: a malformed percent-escape such as
 * `/pay/%E0%A4%A` or `/checkout/a%ZZ` (a link cut short or mangled in a message). Next
 * 16.4 fails decoding the dynamic segment and answers a bare "Internal Server Error" (500,
 * neither our pages nor our language), even when proxy.ts rewrites the path. Such a segment
 * cannot name anything of ours, so the production server hands Next the URL with it
 * replaced by `_` (production-server.ts): the page then says what it says of an id it does
 * not know (the payer's "Payment page not found", the dashboard's "This transaction does
 * not exist"), in the visitor's language, behind the same sign-in gate.
 */
export const UNKNOWN_SEGMENT = "_";

/** The path with each undecodable segment replaced, or null when every segment decodes. */
export function mendMalformedPath(pathname: string): string | null {
  // Every page request passes here: a path without a percent-escape decodes as it is.
  if (!pathname.includes("%")) return null;
  let mended = false;
  const segments = pathname.split("/").map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      mended = true;
      return UNKNOWN_SEGMENT;
    }
  });
  return mended ? segments.join("/") : null;
}

/** A request target (`/path?query`) with its path mended, or null when nothing needs mending. */
export function mendMalformedTarget(target: string): string | null {
  const q = target.indexOf("?");
  const path = mendMalformedPath(q === -1 ? target : target.slice(0, q));
  return path === null ? null : path + (q === -1 ? "" : target.slice(q));
}
