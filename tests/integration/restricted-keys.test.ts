import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../helpers/app";
import { setEnv } from "../helpers/live";
let undoProxy: () => void;
import { fund, payinRequest, payoutRequest } from "../helpers/payments";
import { auditLog } from "@/server/db/schema";
import { addressAllowed, normaliseAllowedIps } from "@/server/auth/key-restrictions";

/**
 * Restricted keys (issue 22) and the key management API (issue 24) through real HTTP on a
 * real database: read-only keys read but never move money or manage keys (403 with a clear
 * message, nothing written), IP allow-lists (IPv4, IPv6, CIDR) refuse other addresses, the
 * created key is shown once and works at once, revocation takes effect at once, a test key
 * never sees live keys, and every change is in the audit log naming the calling key.
 */
let app: TestApp;
type M = Awaited<ReturnType<TestApp["createMerchant"]>>;
let m: M;

beforeAll(async () => {
  // The test stands in for a proxy of ours that sets X-Forwarded-For (issue 19 §4).
  undoProxy = setEnv({ TRUSTED_PROXIES: "1" });
  app = await startTestApp();
  m = await app.createMerchant();
  await fund(app.database.db, { merchantId: m.merchantId, currency: "XOF", amount: 100_000 });
});
afterAll(async () => {
  await app.close();
  undoProxy();
});

const from = (ip: string) => ({ "x-forwarded-for": ip, "user-agent": "restricted-keys-test/1.0" });

async function createKey(json: unknown, key = m.testApiKey!, ip = "198.51.100.1") {
  return app.request("/api/v1/merchant/api-keys", { method: "POST", key, json, headers: from(ip) });
}

describe("key management API", () => {
  it("creates a key shown once, lists it without the secret, and records who created it", async () => {
    const res = await createKey({ name: "Reporting", scope: "read_only", allowed_ips: ["203.0.113.0/24", "2001:db8::/32"] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("API key created");
    const created = res.body.data;
    expect(created.key).toMatch(/^sk_test_[A-Za-z0-9]{40,}$/);
    expect(created).toMatchObject({ name: "Reporting", mode: "test", scope: "read_only", allowed_ips: ["203.0.113.0/24", "2001:db8::/32"], revoked_at: null });
    expect(created.key.startsWith(created.display_prefix)).toBe(true);

    const list = await app.request("/api/v1/merchant/api-keys", { key: m.testApiKey });
    expect(list.status).toBe(200);
    const row = list.body.data.find((k: { id: string }) => k.id === created.id);
    expect(row).toMatchObject({ display_prefix: created.display_prefix, scope: "read_only" });
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(list.body.data.every((k: { mode: string }) => k.mode === "test")).toBe(true);

    const [entry] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, "api_key.created"), eq(auditLog.targetId, created.id)));
    expect(entry).toMatchObject({ merchantId: m.merchantId, mode: "test", actorType: "api_key", actorLabel: m.testApiKey!.slice(0, 12), ip: "198.51.100.1", userAgent: "restricted-keys-test/1.0" });
    expect(entry.after).toMatchObject({ scope: "read_only", allowed_ips: ["203.0.113.0/24", "2001:db8::/32"] });
    expect(JSON.stringify(entry)).not.toContain(created.key);
  });

  it("refuses bad input with field errors, never a 500", async () => {
    const bad = await createKey({ scope: "admin", allowed_ips: ["10.0.0.0/33"] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data).sort()).toEqual(["allowed_ips", "scope"]);
    const badIp = await createKey({ allowed_ips: ["not-an-ip"] });
    expect(badIp.status).toBe(422);
    expect(badIp.body.data.allowed_ips[0]).toContain("not an IP address");
    const notArray = await createKey({ allowed_ips: "10.0.0.1" });
    expect(notArray.status).toBe(422);
    expect((await app.request("/api/v1/merchant/api-keys/key_nope", { method: "DELETE", key: m.testApiKey })).status).toBe(404);
  });

  it("revokes at once, and a test key cannot touch live keys", async () => {
    const created = (await createKey({ name: "Short-lived" })).body.data;
    expect((await app.request("/api/v1/merchant/balances", { key: created.key })).status).toBe(200);
    const liveKeyId = (await app.request("/api/v1/merchant/api-keys", { key: m.liveApiKey })).body.data[0].id;
    expect((await app.request(`/api/v1/merchant/api-keys/${liveKeyId}`, { method: "DELETE", key: m.testApiKey })).status).toBe(404);
    const del = await app.request(`/api/v1/merchant/api-keys/${created.id}`, { method: "DELETE", key: m.testApiKey, headers: from("198.51.100.2") });
    expect(del.status).toBe(200);
    expect(del.body.data.revoked_at).not.toBeNull();
    expect((await app.request("/api/v1/merchant/balances", { key: created.key })).status).toBe(401);
    expect((await app.request(`/api/v1/merchant/api-keys/${created.id}`, { method: "DELETE", key: m.testApiKey })).status).toBe(404);
    const [entry] = await app.database.db.select().from(auditLog).where(and(eq(auditLog.action, "api_key.revoked"), eq(auditLog.targetId, created.id)));
    expect(entry).toMatchObject({ actorType: "api_key", ip: "198.51.100.2" });
  });
});

describe("read-only keys", () => {
  it("read transactions, balances and statements, and get a clear 403 for anything that moves money or manages keys", async () => {
    const ro = (await createKey({ scope: "read_only" })).body.data.key as string;
    const payin = await app.request("/api/v1/merchant/payin", { method: "POST", key: m.testApiKey, json: payinRequest() });
    expect(payin.status).toBe(200);
    for (const path of ["/api/v1/merchant/balances", "/api/v1/merchant/transactions", `/api/v1/merchant/transactions/${payin.body.data.transaction_id}`, "/api/v1/merchant/statements?currency=XOF&from=2026-11-01&to=2026-11-30"]) {
      expect((await app.request(path, { key: ro })).status, path).toBe(200);
    }
    const refusals: Array<[string, string, unknown]> = [
      ["POST", "/api/v1/merchant/payin", payinRequest()],
      ["POST", "/api/v1/merchant/payout", payoutRequest()],
      ["POST", `/api/v1/merchant/transactions/${payin.body.data.transaction_id}/refund`, { amount: 100 }],
      ["POST", `/api/v1/merchant/transactions/${payin.body.data.transaction_id}/resend-webhook`, {}],
    ];
    for (const [method, path, json] of refusals) {
      const res = await app.request(path, { method, key: ro, json });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ status: "error", message: expect.stringContaining("read-only"), data: null });
    }
    const keys = await app.request("/api/v1/merchant/api-keys", { key: ro });
    expect(keys.status).toBe(403);
    expect(keys.body.message).toContain("Only a full-access API key");
    const list = await app.request("/api/v1/merchant/transactions?type=payout", { key: m.testApiKey });
    expect(list.body.data.transactions ?? list.body.data).not.toContainEqual(expect.objectContaining({ type: "payout" }));
  });
});

describe("IP allow-lists", () => {
  it("accept the listed addresses and ranges only, IPv4 and IPv6", async () => {
    const limited = (await createKey({ allowed_ips: ["203.0.113.0/24", "2001:db8::/32", "192.0.2.7"] })).body.data.key as string;
    for (const ip of ["203.0.113.9", "2001:db8::1", "192.0.2.7", "::ffff:203.0.113.200"]) {
      expect((await app.request("/api/v1/merchant/balances", { key: limited, headers: from(ip) })).status, ip).toBe(200);
    }
    for (const ip of ["203.0.114.9", "192.0.2.8", "2001:db9::1", "unknown-address"]) {
      const res = await app.request("/api/v1/merchant/balances", { key: limited, headers: from(ip) });
      expect(res.status, ip).toBe(403);
      expect(res.body.message).toContain("not allowed from address");
    }
    // Without any forwarded address the caller is "unknown": refused, never let through.
    expect((await app.request("/api/v1/merchant/balances", { key: limited })).status).toBe(403);
  });

  it("parses and matches CIDRs without surprises", () => {
    expect(normaliseAllowedIps("10.0.0.0/8, 2001:db8::/32\n192.0.2.1")).toEqual({ ok: true, value: ["10.0.0.0/8", "2001:db8::/32", "192.0.2.1/32"] });
    expect(normaliseAllowedIps("")).toEqual({ ok: true, value: null });
    expect(normaliseAllowedIps("10.0.0.0/8/1").ok).toBe(false);
    expect(normaliseAllowedIps("300.1.1.1").ok).toBe(false);
    expect(addressAllowed(["10.0.0.0/8"], "10.255.255.255")).toBe(true);
    expect(addressAllowed(["10.0.0.0/8"], "11.0.0.0")).toBe(false);
  });
});
