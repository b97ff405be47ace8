/**
 * Browsers ask for /favicon.ico on pages whose head they have not read yet (and some
 * always do): send them to the app's icon (app/icon.svg) instead of a 404. The Location
 * is relative: behind `npm start`, req.url names the server's own host (localhost), not
 * the one the browser used (127.0.0.1, a domain), and a cross-origin icon breaks the CSP.
 */
export function GET(): Response {
  return new Response(null, { status: 308, headers: { Location: "/icon.svg" } });
}
