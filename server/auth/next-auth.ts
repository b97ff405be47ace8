import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { findUserByEmail } from "../merchants/create-merchant";
import { verifyPassword } from "./passwords";
import { nextAuthSecret } from "./nextauth-secret";
import { logger } from "../logger";

/**
 * Dashboard sign-in: email + password against users.password_hash, sessions as
 * signed+encrypted JWT cookies (no session table). The token carries only the user id
 * and the operator flag for proxy.ts' optimistic redirects; every tRPC call and route
 * handler re-reads the user and memberships from the database.
 */
declare module "next-auth" {
  interface Session {
    user: { id: string; email: string; name: string | null; isOperator: boolean };
  }
  interface User {
    isOperator?: boolean;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    isOperator?: boolean;
  }
}

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;

export function authOptions(): NextAuthOptions {
  return {
    secret: nextAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
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
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = credentials?.email?.trim() ?? "";
          const password = credentials?.password ?? "";
          if (!email || !password || password.length > 1024) return null;
          const db = await getDb();
          const user = await findUserByEmail(db, email);
          // Same work whether or not the user exists would be ideal; scrypt on a
          // missing user is skipped, which leaks existence only through timing.
          if (!user || !(await verifyPassword(password, user.passwordHash))) {
            logger().info({ event: "sign_in_failed" }, "dashboard sign-in refused");
            return null;
          }
          await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
          return { id: user.id, email: user.email, name: user.name, isOperator: user.isOperator };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.isOperator = Boolean(user.isOperator);
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          id: token.uid ?? "",
          email: token.email ?? "",
          name: token.name ?? null,
          isOperator: Boolean(token.isOperator),
        };
        return session;
      },
    },
  };
}
