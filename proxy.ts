import { NextResponse, type NextFetchEvent } from "next/server";
import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { nextAuthSecret } from "@/server/auth/nextauth-secret";
import { sessionCookieName } from "@/server/auth/cookies";

/**
 * First gate for the dashboard and the console: no session cookie → /signin (with
 * the way back); a signed-in non-operator asking for /console → /dashboard. This is
 * the optimistic check on the JWT only; pages and every tRPC procedure check the
 * user and their rights again against the database.
 */
let guard: ReturnType<typeof withAuth> | undefined;

function build() {
  return withAuth(
    (req: NextRequestWithAuth) => {
      if (req.nextUrl.pathname.startsWith("/console") && !req.nextauth.token?.isOperator) {
        return NextResponse.redirect(new URL("/dashboard", req.url));
      }
      return NextResponse.next();
    },
    {
      // Built lazily: the secret may come from .data/ in development (read at first request).
      secret: nextAuthSecret(),
      pages: { signIn: "/signin" },
      // The same cookie name as the auth route (Secure / __Secure- when the public URL is https).
      cookies: { sessionToken: { name: sessionCookieName() } },
      callbacks: { authorized: ({ token }) => Boolean(token?.uid) },
    },
  );
}

export default function proxy(req: NextRequestWithAuth, event: NextFetchEvent) {
  guard ??= build();
  return guard(req, event);
}

export const config = {
  matcher: ["/dashboard", "/dashboard/:path*", "/console", "/console/:path*"],
};
