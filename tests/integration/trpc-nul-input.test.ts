import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { verifiedUserByEmail } from "../helpers/verified-user";
import { startTestApp, type TestApp } from "../helpers/app";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import type { SessionUser } from "@/server/auth/session";
import { AppError } from "@/server/errors";

/**
 * A NUL character in any dashboard (tRPC) input is refused as bad input naming the field,
 * as the REST API refuses it. PostgreSQL text cannot hold U+0000: before, a transactions
 * search, an audit filter, a request-log path or a list cursor carrying one failed inside
 * its query and answered INTERNAL_SERVER_ERROR.
 */
let app: TestApp;
let user: SessionUser;
let merchantId: string;
const createCaller = createCallerFactory(appRouter);
const as = (u: SessionUser | null) => createCaller({ db: app.database.db, user: u, clientAddress: "203.0.113.60", userAgent: "Mozilla/5.0 (nul test)" });
const N = "a\u0000b";

beforeAll(async () => {
  app = await startTestApp();
  const email = `nul-${Date.now()}@e2e.test`;
  await as(null).account.signUp({ businessName: "Boutique Nul", email, password: "long enough pw" });
  user = await verifiedUserByEmail(app.database.db, email);
  merchantId = (await as(user).account.me()).memberships[0].merchantId;
});
afterAll(() => app.close());

async function refusal(call: () => Promise<unknown>): Promise<{ code: string; fields: unknown }> {
  try {
    await call();
  } catch (e) {
    if (!(e instanceof TRPCError)) throw e;
    return { code: e.code, fields: e.cause instanceof AppError ? e.cause.data : null };
  }
  throw new Error("the call was accepted");
}

describe("tRPC inputs with a NUL character", () => {
  it.each([
    ["audit.list actor", () => as(user).audit.list({ merchantId, actor: N }), "actor"],
    ["audit.list cursor", () => as(user).audit.list({ merchantId, cursor: N }), "cursor"],
    ["transactions.list search", () => as(user).transactions.list({ merchantId, mode: "test", filters: { q: N } }), "filters.q"],
    ["transactions.list network", () => as(user).transactions.list({ merchantId, mode: "test", filters: { network: N } }), "filters.network"],
    ["developers.requestLogs path", () => as(user).developers.requestLogs({ merchantId, mode: "test", path: N }), "path"],
    ["developers.requestLogs cursor", () => as(user).developers.requestLogs({ merchantId, mode: "test", cursor: N }), "cursor"],
    ["webhooks.events cursor", () => as(user).webhooks.events({ merchantId, mode: "test", cursor: N }), "cursor"],
    ["account.signUp business name", () => as(null).account.signUp({ businessName: N, email: `nul2-${Date.now()}@e2e.test`, password: "long enough pw" }), "businessName"],
  ] as const)("%s is BAD_REQUEST naming the field", async (_label, call, field) => {
    expect(await refusal(call)).toEqual({ code: "BAD_REQUEST", fields: { [field]: [`The ${field} field must not contain NUL characters.`] } });
  });

  it("the same calls without the NUL are answered", async () => {
    expect((await as(user).transactions.list({ merchantId, mode: "test", filters: { q: "ab" } })).items).toEqual([]);
    expect((await as(user).audit.list({ merchantId, actor: "ab" })).items).toEqual([]);
  });
});
