import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";
import { resetEnvCache } from "@/server/env";
import { AppError } from "@/server/errors";
import { checkCredentials } from "@/server/auth/sign-in";
import { backoffs, limits, TOO_MANY_ATTEMPTS } from "@/server/auth/throttle";
import { authOptions } from "@/server/auth/next-auth";
import { buildLimiter, closeRateLimitStore, forgetLimiters } from "@/server/rate-limit/store";
import { clearRateLimitAllowances } from "@/server/http/rate-limit";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { POST as payinPost } from "@/app/api/v1/merchant/payin/route";

/**
 * Issue 10 §4 / D14: abuse limits on a store shared by every instance, sign-in answers
 * that do not tell unknown accounts from wrong passwords, and the 1 MB body cap on both
 * entries (the lean node:http server and the Fetch handler Next calls).
 */
let app: TestApp;
const createCaller = createCallerFactory(appRouter);

beforeAll(async () => {
  app = await startTestApp({ contract: false });
});
afterAll(async () => {
  await closeRateLimitStore();
  await app.close();
});
afterEach(() => {
  delete process.env.REDIS_URL;
  process.env.RATE_LIMIT_PER_SECOND = "100000";
  resetEnvCache();
  forgetLimiters();
  clearRateLimitAllowances();
});

let seq = 0;
const address = () => `198.51.100.${++seq}`;

describe("sign-in throttling", () => {
  it("backs off an account progressively past 5 failures instead of locking it (issue 19 §9)", async () => {
    const m = await app.createMerchant({ owner: { email: `victim-${Date.now()}@example.com`, password: "correct horse battery" } });
    const [owner] = await app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, m.userId) });
    for (let i = 0; i < backoffs.signInAccount.free; i++) {
      expect(await checkCredentials(app.database.db, { email: owner.email, password: `wrong-${i}`, address: address() })).toBeNull();
    }
    // Right after the 5th failure the account waits 2 s, the right password included (no oracle)…
    const err = await checkCredentials(app.database.db, { email: owner.email, password: "correct horse battery", address: address() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).message).toBe(TOO_MANY_ATTEMPTS);
    expect(Number((err as AppError).headers?.["Retry-After"])).toBeLessThanOrEqual(2);
    // …and no longer: the owner is in after the wait, not after 15 minutes.
    await new Promise((r) => setTimeout(r, 2100));
    expect(await checkCredentials(app.database.db, { email: owner.email, password: "correct horse battery", address: address() })).not.toBeNull();
  });

  it("backs off a client address past 20 failures, whatever the account", async () => {
    const from = address();
    for (let i = 0; i < backoffs.signInAddress.free; i++) {
      expect(await checkCredentials(app.database.db, { email: `nobody-${i}@example.com`, password: "x", address: from })).toBeNull();
    }
    await expect(checkCredentials(app.database.db, { email: "nobody-else@example.com", password: "x", address: from })).rejects.toThrow(TOO_MANY_ATTEMPTS);
    // Another address is not affected.
    expect(await checkCredentials(app.database.db, { email: "nobody-else@example.com", password: "x", address: address() })).toBeNull();
  });

  it("counts before the password is checked: 25 concurrent guesses, at most 6 reach scrypt (issue 19 §3)", async () => {
    const m = await app.createMerchant({ owner: { email: `burst-${Date.now()}@example.com`, password: "correct horse battery" } });
    const [owner] = await app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, m.userId) });
    const from = address();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => checkCredentials(app.database.db, { email: owner.email, password: `guess-${i}`, address: from }).then(() => "checked", (e: AppError) => e.status)),
    );
    const checked = results.filter((r) => r === "checked").length;
    expect(results.filter((r) => r === 429).length).toBe(25 - checked);
    // 5 free attempts, then one at a time through the gate (it was 25 of 25 before).
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(backoffs.signInAccount.free + 1);
  });

  it("is what next-auth's authorize runs: the throttle's message reaches the form", async () => {
    const m = await app.createMerchant();
    const [owner] = await app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, m.userId) });
    const provider = authOptions().providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    const req = { headers: { "x-forwarded-for": address() } };
    for (let i = 0; i < backoffs.signInAccount.free; i++) expect(await provider.options.authorize({ email: owner.email, password: "nope" }, req)).toBeNull();
    await expect(provider.options.authorize({ email: owner.email, password: "correct horse battery" }, req)).rejects.toThrow(TOO_MANY_ATTEMPTS);
  });

  it("answers an email holding a NUL as an unknown one through next-auth's authorize (the users query failed)", async () => {
    const m = await app.createMerchant();
    const [owner] = await app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, m.userId) });
    const provider = authOptions().providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    for (const email of [`${owner.email}\u0000`, "\u0000", `a\u0000${owner.email}`]) {
      expect(await provider.options.authorize({ email, password: "correct horse battery" }, { headers: { "x-forwarded-for": address() } })).toBeNull();
    }
  });

  it("answers an unknown email and a wrong password alike, in about the same time", async () => {
    const m = await app.createMerchant();
    const [owner] = await app.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, m.userId) });
    const time = async (email: string) => {
      const started = performance.now();
      const r = await checkCredentials(app.database.db, { email, password: "wrong password", address: address() });
      return { r, ms: performance.now() - started };
    };
    await time("warm-up@example.com");
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await time(`unknown-${i}@example.com`);
      const w = await time(owner.email);
      expect(u.r).toBeNull();
      expect(w.r).toBeNull();
      unknown.push(u.ms);
      wrong.push(w.ms);
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    // Without the dummy scrypt an unknown email answers in ~1 ms against tens of ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.4);
  });
});

describe("sign-up and invitation throttling", () => {
  it("refuses the 11th sign-up from one address within the hour", async () => {
    const caller = createCaller({ db: app.database.db, user: null, clientAddress: address() });
    for (let i = 0; i < limits.signUp.points; i++) {
      await caller.account.signUp({ businessName: `Shop ${i}`, email: `signup-${seq}-${i}@example.com`, password: "long enough password" });
    }
    const err = await caller.account.signUp({ businessName: "One more", email: `signup-${seq}-x@example.com`, password: "long enough password" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("TOO_MANY_REQUESTS");
  });

  it("refuses invitation attempts past 20 per address within the hour", async () => {
    const caller = createCaller({ db: app.database.db, user: null, clientAddress: address() });
    const token = "t".repeat(40);
    for (let i = 0; i < limits.invitation.points; i++) {
      await caller.invitation.signUp({ token, name: "X", password: "long enough password" }).catch((e: TRPCError) => expect(e.code).not.toBe("TOO_MANY_REQUESTS"));
    }
    const err = await caller.invitation.signUp({ token, name: "X", password: "long enough password" }).catch((e: unknown) => e);
    expect((err as TRPCError).code).toBe("TOO_MANY_REQUESTS");
  });
});

describe("the shared store", () => {
  async function twoInstances() {
    const spec = { name: `shared-${Date.now()}-${seq++}`, points: 6, duration: 60 };
    // Two limiters built separately, as two processes would: only the store is shared.
    const a = await buildLimiter(spec);
    const b = await buildLimiter(spec);
    const outcomes: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      const limiter = i % 2 === 0 ? a : b;
      outcomes.push(
        await limiter.consume("k").then(
          () => true,
          () => false,
        ),
      );
    }
    return outcomes;
  }

  it("counts one limit across instances on the database", async () => {
    expect(await twoInstances()).toEqual([true, true, true, true, true, true, false, false, false, false]);
  });

  it("counts one limit across instances on Redis when REDIS_URL is set", async () => {
    process.env.REDIS_URL = "redis://127.0.0.1:6379/0";
    resetEnvCache();
    expect(await twoInstances()).toEqual([true, true, true, true, true, true, false, false, false, false]);
  });

  it("limits an API key to RATE_LIMIT_PER_SECOND through the shared store", async () => {
    process.env.RATE_LIMIT_PER_SECOND = "5";
    resetEnvCache();
    const m = await app.createMerchant();
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 40 }, () => app.request("/api/v1/merchant/balances", { key: m.testApiKey })));
    const windows = Math.ceil((Date.now() - started) / 1000) + 1;
    const limited = results.filter((r) => r.status === 429);
    expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(5 * windows);
    expect(limited.length).toBeGreaterThanOrEqual(40 - 5 * windows);
    expect(limited[0].body).toEqual({ status: "error", message: "Too many requests", data: null });
    expect(limited[0].headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("request bodies over 1 MB", () => {
  const big = JSON.stringify({ ...payinRequest(), padding: "x".repeat(5 * 1024 * 1024) });

  function rawPost(path: string, opts: { key?: string; chunked?: boolean; endBody?: boolean }): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(app.baseUrl + path);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (opts.key) headers.authorization = `Bearer ${opts.key}`;
      if (!opts.chunked) headers["content-length"] = String(Buffer.byteLength(big));
      const req = http.request({ method: "POST", hostname: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", (err: NodeJS.ErrnoException) => {
        if (err.code !== "EPIPE" && err.code !== "ECONNRESET") reject(err);
      });
      if (opts.endBody === false) {
        // Headers and a first chunk only: an answer proves the server did not wait for the body.
        req.write(big.slice(0, 1000));
        return;
      }
      const buf = Buffer.from(big);
      let at = 0;
      const pump = () => {
        while (at < buf.length) {
          const ok = req.write(buf.subarray(at, at + 64 * 1024));
          at += 64 * 1024;
          if (!ok) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
  }

  it("answers 413 in the envelope when Content-Length says so (lean entry)", async () => {
    const m = await app.createMerchant();
    const res = await rawPost("/api/v1/merchant/payin", { key: m.testApiKey! });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ status: "error", message: "Payload too large", data: null });
  });

  /**
   * A client that writes its whole body (Playwright's request, most SDKs) and is still
   * writing when the 413 comes must not meet a reset (EPIPE) before it reads the answer.
   * Made certain here: the rest of the body is sent only once the answer has arrived.
   */
  function uploadAfterAnswer(path: string, buf: Buffer, headers: Record<string, string>): Promise<{ status: number; body: string; uploaded: boolean; error?: string }> {
    const url = new URL(app.baseUrl + path);
    return new Promise((resolve) => {
      const req = http.request({
        method: "POST",
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { "content-type": "application/json", ...headers, "content-length": String(buf.length) },
      });
      req.on("response", (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => {
          req.on("finish", () => setTimeout(() => resolve({ status: res.statusCode ?? 0, body, uploaded: true }), 50));
          req.on("error", (err) => resolve({ status: res.statusCode ?? 0, body, uploaded: false, error: String(err) }));
          // Closed under it (the server hung up first): uploaded only if every byte had gone.
          req.on("close", () => setTimeout(() => resolve({ status: res.statusCode ?? 0, body, uploaded: req.writableFinished, error: "closed" }), 2000));
          req.end(buf.subarray(1000));
        });
      });
      req.write(buf.subarray(0, 1000));
    });
  }

  it("lets a sender still uploading finish after the 413: the refused body is read through, not reset", async () => {
    const m = await app.createMerchant();
    const outcome = await uploadAfterAnswer("/api/v1/merchant/payin", Buffer.from(big), { authorization: `Bearer ${m.testApiKey}` });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toEqual({ status: "error", message: "Payload too large", data: null });
    expect(outcome).toMatchObject({ uploaded: true });
  });

  it("reads through a body refused by its path's cap too (callbacks 64 KB, tRPC 1 MB), not resetting the sender", async () => {
    for (const [path, size] of [["/api/connectors/mtn/callback/pi_x", 70 * 1024], ["/api/trpc/account.signUp", 1100 * 1024]] as const) {
      const outcome = await uploadAfterAnswer(path, Buffer.alloc(size, "x"), {});
      expect(outcome.status, path).toBe(413);
      expect(JSON.parse(outcome.body)).toEqual({ status: "error", message: "Payload too large", data: null });
      expect(outcome, path).toMatchObject({ uploaded: true });
    }
  });

  it("answers 413 for a chunked body once it passes 1 MB (lean entry)", async () => {
    const m = await app.createMerchant();
    const res = await rawPost("/api/v1/merchant/payin", { key: m.testApiKey!, chunked: true });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe("Payload too large");
  });

  it("answers 401 to an unauthenticated request without reading its body", async () => {
    const res = await rawPost("/api/v1/merchant/payin", { chunked: true, endBody: false });
    expect(res.status).toBe(401);
  });

  it("answers 413 through the Fetch handler Next calls, for a streamed body without Content-Length", async () => {
    const m = await app.createMerchant();
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(ctrl) {
        pulled++;
        if (pulled > 5 * 16) ctrl.close();
        else ctrl.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/api/v1/merchant/payin", {
      method: "POST",
      headers: { authorization: `Bearer ${m.testApiKey}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const res = await payinPost(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: "error", message: "Payload too large", data: null });
    // Stopped reading just past 1 MB, not at the end of the 5 MB.
    expect(pulled).toBeLessThan(5 * 16);
  });

  it("answers 413 through the Fetch handler when Content-Length is over the cap", async () => {
    const m = await app.createMerchant();
    const req = new Request("http://localhost/api/v1/merchant/payin", {
      method: "POST",
      headers: { authorization: `Bearer ${m.testApiKey}`, "content-type": "application/json", "content-length": String(5 * 1024 * 1024) },
      body: "{}",
    });
    const res = await payinPost(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });
});
