import NextAuth from "next-auth";
import { cookies } from "next/headers";
import { authOptions } from "@/server/auth/next-auth";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE } from "@/server/auth/second-factor";
import { secureCookiesWanted } from "@/server/auth/cookies";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request: the secret is read lazily (dev file or NEXTAUTH_SECRET),
// and a sign-in sets the httpOnly device cookie (known devices, "remember this device").
async function handler(req: Request, ctx: Ctx) {
  const jar = await cookies();
  return NextAuth(
    authOptions({
      setDeviceCookie: (token) =>
        jar.set(DEVICE_COOKIE, token, { httpOnly: true, sameSite: "lax", secure: secureCookiesWanted(), path: "/", maxAge: DEVICE_COOKIE_MAX_AGE }),
    }),
  )(req, ctx);
}

export { handler as GET, handler as POST };
