/**
 * After the session or the chosen business changed (sign-in, sign-up, joining a business):
 * a full page load of `path`, as next-auth's own redirect does. `router.replace` followed by
 * `router.refresh()` started two RSC fetches that cut each other off (two failed requests on
 * every sign-in) and kept the client state of the signed-out page.
 */
export function enterSignedIn(path: string): void {
  window.location.assign(path);
}
