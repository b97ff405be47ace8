import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { eq } from "drizzle-orm";
import { revokeApiKeyByKey, clearApiKeyCache, hashApiKey } from "@/server/auth/api-keys";
import { apiKeys } from "@/server/db/schema";
import { allCountries } from "@/server/catalog/list-countries";

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  key = (await app.createMerchant()).testApiKey!;
});
afterAll(() => app.close());

describe("the /api/v1 wrapper", () => {
  it("answers 401 in the envelope without a key, with a malformed or unknown key", async () => {
    for (const k of [null, "nope", "sk_test_" + "a".repeat(43)]) {
      const res = await app.request("/api/v1/countries", { key: k });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: "error", message: "Unauthenticated", data: null });
      // How to send the key, when it was not sent as `Bearer <key>` (issue 24).
      if (k === null) expect(res.body.detail).toMatch(/^No API key: send it in the Authorization header/);
      else expect(res.body.detail).toBeUndefined();
    }
  });

  it("refuses a revoked key", async () => {
    const m = await app.createMerchant();
    expect((await app.request("/api/v1/countries", { key: m.testApiKey })).status).toBe(200);
    await revokeApiKeyByKey(app.database.db, m.testApiKey!);
    clearApiKeyCache();
    const res = await app.request("/api/v1/countries", { key: m.testApiKey });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Unauthenticated");
  });

  it("honours a revocation made elsewhere within 5 s, despite the key cache", async () => {
    const m = await app.createMerchant();
    expect((await app.request("/api/v1/countries", { key: m.testApiKey })).status).toBe(200); // now cached
    // Revoked by another process (dashboard, CLI): this process's cache is not told.
    await app.database.db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.keyHash, hashApiKey(m.testApiKey!)));
    const started = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - started < 6000) {
      status = (await app.request("/api/v1/countries", { key: m.testApiKey })).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("answers unknown routes with 404 and wrong methods with 405, in the envelope", async () => {
    const nope = await app.request("/api/v1/nope", { key });
    expect(nope.status).toBe(404);
    expect(nope.body).toEqual({ status: "error", message: "Not found", data: null });
    const wrong = await app.request("/api/v1/countries", { method: "DELETE", key });
    expect(wrong.status).toBe(405);
    expect(wrong.body).toEqual({ status: "error", message: "Method not allowed", data: null });
  });

  it("gives every response a request id", async () => {
    const res = await app.request("/api/v1/countries", { key, headers: { "x-request-id": "client-req-12345" } });
    expect(res.headers.get("x-request-id")).toBe("client-req-12345");
    const other = await app.request("/api/v1/countries", { key });
    expect(other.headers.get("x-request-id")).toMatch(/^req_/);
  });
});

describe("GET /api/v1/countries", () => {
  it("returns the first 20 countries in Laravel's paginator format", async () => {
    const res = await app.request("/api/v1/countries", { key });
    expect(res.status).toBe(200);
    const total = allCountries().length;
    expect(total).toBeGreaterThanOrEqual(249);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0]).toEqual({ name: expect.any(String), iso2: expect.stringMatching(/^[A-Z]{2}$/) });
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect([...names].sort((a: string, b: string) => a.localeCompare(b, "en"))).toEqual(names);
    expect(res.body.links).toEqual({
      first: `${app.baseUrl}/api/v1/countries?page=1`,
      last: `${app.baseUrl}/api/v1/countries?page=${Math.ceil(total / 20)}`,
      prev: null,
      next: `${app.baseUrl}/api/v1/countries?page=2`,
    });
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 20, per_page: 20, total, path: `${app.baseUrl}/api/v1/countries` });
    expect(res.body.meta.links[0]).toEqual({ url: null, label: "&laquo; Previous", active: false });
    expect(res.body.meta.links[1]).toEqual({ url: `${app.baseUrl}/api/v1/countries?page=1`, label: "1", active: true });
    expect(res.body.meta.links.at(-1)).toEqual({ url: `${app.baseUrl}/api/v1/countries?page=2`, label: "Next &raquo;", active: false });
  });

  it("returns every country on one page with page=all", async () => {
    const res = await app.request("/api/v1/countries?page=all", { key });
    const total = allCountries().length;
    expect(res.body.data).toHaveLength(total);
    expect(res.body.meta).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: total, total });
    expect(res.body.links.next).toBeNull();
  });

  it("keeps the limit in links and returns an empty page past the end", async () => {
    const res = await app.request("/api/v1/countries?limit=100&page=2", { key });
    expect(res.body.data).toHaveLength(100);
    expect(res.body.links.next).toBe(`${app.baseUrl}/api/v1/countries?limit=100&page=3`);
    const past = await app.request("/api/v1/countries?page=99", { key });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.from).toBeNull();
    expect(past.body.meta.to).toBeNull();
  });

  it("uses Laravel's window of page links with gaps", async () => {
    const res = await app.request("/api/v1/countries?limit=5&page=20", { key });
    const labels = res.body.meta.links.map((l: { label: string }) => l.label);
    expect(labels.slice(0, 4)).toEqual(["&laquo; Previous", "1", "2", "..."]);
    expect(labels).toContain("17");
    expect(labels).toContain("23");
    expect(labels.filter((l: string) => l === "...")).toHaveLength(2);
  });

  it("answers bad page and limit values with 422 field messages", async () => {
    for (const q of ["limit=0", "limit=101", "limit=abc", "page=0", "page=-1", "page=x"]) {
      const res = await app.request(`/api/v1/countries?${q}`, { key });
      expect(res.status, q).toBe(422);
      expect(res.body.status).toBe("error");
      expect(res.body.message).toBe("Validation failed");
      const field = q.split("=")[0];
      expect(res.body.data[field][0]).toMatch(new RegExp(`^The ${field} field`));
    }
  });
});

describe("GET /api/v1/networks", () => {
  it("lists the catalog for one country", async () => {
    const res = await app.request("/api/v1/networks?country_code=ci", { key });
    expect(res.status).toBe(200);
    const [ci] = res.body.data;
    expect(ci.country_code).toBe("CI");
    expect(ci.currencies).toEqual([{ currency: "XOF", min_amount: 500, max_amount: 1500000 }]);
    expect(ci.rounding).toEqual({ multiple_of: 5, mode: "half_up" });
    expect(ci.networks.map((n: { network: string }) => n.network)).toEqual(["orange", "mtn", "wave", "moov"]);
    expect(ci.networks[0]).toMatchObject({ authorization: "ussd", ussd_code: "#144*82#", available: true });
  });

  it("lists all 15 countries and rejects unknown ones", async () => {
    const all = await app.request("/api/v1/networks", { key });
    expect(all.body.data).toHaveLength(15);
    const bad = await app.request("/api/v1/networks?country_code=FR", { key });
    expect(bad.status).toBe(422);
    expect(bad.body.data.country_code[0]).toMatch(/must be one of: BF, BJ/);
  });
});
