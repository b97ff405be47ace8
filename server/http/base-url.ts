import { env } from "../env";

/** The public origin for links we put in responses (paginator links, checkout URLs). */
export function publicOrigin(req: Request): string {
  return env().PUBLIC_BASE_URL?.replace(/\/$/, "") ?? new URL(req.url).origin;
}
