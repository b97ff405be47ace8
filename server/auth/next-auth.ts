import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { nextAuthSecret } from "./nextauth-secret";
import { logger } from "../logger";
import { secureCookiesWanted } from "./cookies";
import { safeRedirectUrl } from "./redirect";
import { checkCredentials } from "./sign-in";
import { clientAddress } from "./client-address";
import { endSession, startSession } from "./user-sessions";
import { completeSignIn, DEVICE_COOKIE, SecondFactorRefused } from "./second-factor";

function headerValue(headers: Record<string, unknown> | undefined, name: string): string | null {
  const v = headers?.[name];
  return typeof v === "string" ? v : Array.isArray(v) ? String(v[0] ?? "") : null;
}

/**
 * Dashboard sign-in: email + password against users.password_hash. The signed+encrypted
 * JWT cookie carries the user id, the operator flag (proxy.ts' optimistic redirects) and
 * the id of a server-side session (user_sessions, issue 19 §6); every tRPC call and route
 * handler re-reads the user, the session and the memberships from the database.
 */
declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string | null; isOperator: boolean; sessionVersion: number; sessionId: string | null };
  }
  interface User {
    isOperator?: boolean;
    sessionVersion?: number;
    /** The server-side session begun at this sign-in (user_sessions.id). */
    sessionId?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    isOperator?: boolean;
    /** users.session_version when the cookie was issued; a newer one in the database ends it. */
    sv?: number;
    /** user_sessions.id: the server-side session this cookie stands for (issue 19 §6). */
    sid?: string;
  }
}

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

/** Per request: the auth route passes how to set the device cookie (server/auth/second-factor.ts). */
export interface AuthRequestHooks {
  setDeviceCookie?: (token: string) => void;
}

function cookieValue(header: unknown, name: string): string | undefined {
  const raw = typeof header === "string" ? header : "";
  for (const part of raw.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

export function authOptions(hooks: AuthRequestHooks = {}): NextAuthOptions {
  return {
    secret: nextAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: secureCookiesWanted(),
    pages: { signIn: "/signin", error: "/signin" },
    // next-auth's own console output goes to our logger; its NEXTAUTH_URL reminder is
    // noise here (dev infers the host; production docs say to set it).
    logger: {
      error: (code, metadata) => logger().error({ code, metadata }, "next-auth error"),
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") logger().warn({ code }, "next-auth warning");
      },
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          code: { label: "Code", type: "text" },
          remember: { label: "Remember", type: "text" },
        },
        async authorize(credentials, req) {
          const email = credentials?.email?.trim() ?? "";
          const password = credentials?.password ?? "";
          if (!email || !password) return null;
          try {
            const db = await getDb();
            const address = clientAddress(req?.headers);
            const user = await checkCredentials(db, { email, password, address });
            if (!user) return null;
            const userAgent = headerValue(req?.headers, "user-agent");
            // Two-factor, the device and the audit row: a separate step (server/auth/second-factor.ts).
            const { deviceToken } = await completeSignIn(db, user, {
              code: credentials?.code,
              remember: credentials?.remember === "1" || credentials?.remember === "true",
              deviceToken: cookieValue(req?.headers?.cookie, DEVICE_COOKIE),
              address,
              userAgent: userAgent ?? "",
            });
            hooks.setDeviceCookie?.(deviceToken);
            return { ...user, sessionId: await startSession(db, { userId: user.id, userAgent, address }) };
          } catch (err) {
            if (err instanceof SecondFactorRefused) throw new Error(err.message);
            // next-auth hands a thrown message to the form as `error`: the throttle's is for people.
            if (err instanceof AppError && err.code === "rate_limited") throw new Error(err.message);
            throw err;
          }
        },
      }),
    ],
    events: {
      // Signing out ends the session on the server: a copy of the cookie is worthless after.
      async signOut({ token }) {
        if (token?.sid && token.uid) await endSession(await getDb(), { sessionId: token.sid, userId: token.uid, reason: "signed_out" });
      },
    },
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.isOperator = Boolean(user.isOperator);
          token.sv = user.sessionVersion ?? 1;
          token.sid = user.sessionId;
        }
        return token;
      },
      // After sign-in (and sign-out) only same-origin paths: never another site.
      async redirect({ url, baseUrl }) {
        return safeRedirectUrl(url, baseUrl);
      },
      async session({ session, token }) {
        session.user = {
          id: token.uid ?? "",
          email: token.email ?? "",
          name: token.name ?? null,
          isOperator: Boolean(token.isOperator),
          sessionVersion: token.sv ?? 1,
          sessionId: token.sid ?? null,
        };
        return session;
      },
    },
  };
}
