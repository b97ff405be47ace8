/**
 * Browsers ask for /favicon.ico on pages whose head they have not read yet (and some
 * always do): send them to the app's icon (app/icon.svg) instead of a 404.
 */
export function GET(req: Request): Response {
  return Response.redirect(new URL("/icon.svg", req.url), 308);
}
