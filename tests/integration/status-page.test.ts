import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { auditLog, statusSamples, users } from "@/server/db/schema";
import { hashPassword } from "@/server/auth/passwords";
import { loadUser, type SessionUser } from "@/server/auth/session";
import { healthKey, recordFailure, syncBreakers } from "@/server/connectors/health";
import { OperatorError } from "@/server/connectors/operator-http";
import { newId } from "@/server/ids";
import { confirmSubscription } from "@/server/status/subscribers";
import { forgetStatusOverview } from "@/server/status/overview";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/app-router";
import { runObserver } from "@/server/worker/observer-job";
import { startTestApp, type TestApp } from "../helpers/app";
import { setEnv } from "../helpers/live";

/**
 * The status page's data (issue 25) through the real stack: GET /api/v1/status without a
 * key (checked against the OpenAPI document), availability from a live route's circuit
 * breaker, incidents written through the console's procedures (audited), hourly samples
 * taken by the worker's observer, and incident mail received by a real SMTP server this
 * test starts (smtp-server), with double opt-in and unsubscribe.
 */
interface Mail {
  to: string;
  raw: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;
let app: TestApp;
let undoEnv: () => void;
let operator: SessionUser;
const caller = createCallerFactory(appRouter);
const asOperator = () => caller({ db: app.database.db, user: operator });

function decode(raw: string): string {
  // quoted-printable soft breaks and =XX escapes, enough to read links and words
  const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

const status = async () => {
  forgetStatusOverview();
  const res = await app.request("/api/v1/status");
  expect(res.status).toBe(200);
  return res.body.data;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON, checked by the OpenAPI validator
const direction = (s: any, cc: string, network: string, d: "payin" | "payout") => s.countries.find((c: any) => c.country_code === cc).networks.find((n: any) => n.network === network)[d];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("latin1")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: decode(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  app = await startTestApp();
  undoEnv = setEnv({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, PUBLIC_BASE_URL: "https://status.sika.test" });
  const id = newId("user");
  await app.database.db.insert(users).values({ id, email: `op-${id}@sika.test`, passwordHash: await hashPassword("operator-pw-1"), isOperator: true });
  operator = (await loadUser(app.database.db, id))!;
}, 120_000);

afterAll(async () => {
  undoEnv?.();
  await app?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

describe("GET /api/v1/status", () => {
  it("is public: every catalogue country and network, payin and payout, 24 hourly entries", async () => {
    const s = await status();
    expect(s.status).toBe("up");
    expect(s.countries).toHaveLength(15);
    const ke = direction(s, "KE", "safaricom", "payin");
    expect(ke).toMatchObject({ state: "up", live: false });
    expect(ke.last_24h).toHaveLength(24);
  });

  it("shows a live route down while its circuit breaker is open, and samples it into the hour's bar", async () => {
    // MTN MoMo configured for Uganda (its only route there: pawaPay is not configured); no call is made.
    const undo = setEnv({
      MTN_MOMO_BASE_URL: "http://127.0.0.1:9",
      MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_COLLECTION_USER_ID: "00000000-0000-4000-8000-000000000001",
      MTN_MOMO_COLLECTION_API_KEY: "a",
      MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: "k",
      MTN_MOMO_DISBURSEMENT_USER_ID: "00000000-0000-4000-8000-000000000002",
      MTN_MOMO_DISBURSEMENT_API_KEY: "a",
      MTN_MOMO_TARGET_ENVIRONMENTS: "UG=mtnuganda",
    });
    try {
      await syncBreakers(true); // setEnv's reset of the shared breakers happens now, not after the failures below
      for (let i = 0; i < 5; i++) recordFailure(healthKey("mtn-momo", "mtn", "UG"), new OperatorError("mtn-momo", "timeout", "timed out"), null);
      // The failures are counted in the shared store (written in the background): read it back, as another instance would.
      await syncBreakers(true);
      const s = await status();
      expect(direction(s, "UG", "mtn", "payin")).toMatchObject({ state: "down", live: true });
      expect(direction(s, "UG", "airtel", "payin").state).toBe("up");
      expect(s.status).toBe("down");
      await runObserver(app.database.db, new Date(), true);
      const [sample] = await app.database.db.select().from(statusSamples).where(and(eq(statusSamples.countryCode, "UG"), eq(statusSamples.network, "mtn"), eq(statusSamples.direction, "payin")));
      expect(sample).toMatchObject({ worst: 2, samples: 1, downSamples: 1 });
      const bar = direction(await status(), "UG", "mtn", "payin").last_24h;
      expect(bar[23]).toMatchObject({ state: "down", up_ratio: 0 });
      expect(bar[0]).toBeNull();
    } finally {
      undo();
      setEnv({})(); // resets the breakers
    }
  });
});

describe("incidents and incident mail", () => {
  it("subscribes with double opt-in, mails confirmed subscribers on create, update and resolve, audits each change", { timeout: 60_000 }, async () => {
    expect((await app.request("/api/v1/status/subscriptions", { method: "POST", json: { email: "not-an-address" } })).status).toBe(422);
    const ok = await app.request("/api/v1/status/subscriptions", { method: "POST", json: { email: "Ops@Merchant.example", locale: "fr" } });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ subscription: "pending_confirmation" });
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0].to).toBe("ops@merchant.example");
    expect(mails[0].raw).toContain("Confirmez votre abonnement");
    const token = /https:\/\/status\.sika\.test\/status\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails[0].raw)?.[1];
    expect(token).toBeTruthy();
    // A second request within 10 minutes sends nothing more; an unconfirmed address gets no incident mail.
    await app.request("/api/v1/status/subscriptions", { method: "POST", json: { email: "ops@merchant.example" } });
    await app.request("/api/v1/status/subscriptions", { method: "POST", json: { email: "never-confirms@merchant.example" } });
    await expect.poll(() => mails.length).toBe(2);
    expect(await confirmSubscription(app.database.db, "wrong-token")).toBe(false);
    expect(await confirmSubscription(app.database.db, token!)).toBe(true);
    mails.length = 0;

    // The console's procedure: validated, written, audited, mailed.
    await expect(asOperator().operator.createStatusIncident({ title: "M-Pesa", impact: "down", affected: ["KE:nope"], message: "x" })).rejects.toThrow();
    const incident = await asOperator().operator.createStatusIncident({ title: "M-Pesa payins failing", impact: "down", affected: ["KE:safaricom"], message: "Safaricom times out on STK push." });
    const s = await status();
    expect(direction(s, "KE", "safaricom", "payin").state).toBe("down");
    expect(direction(s, "KE", "safaricom", "payout").state).toBe("down");
    expect(direction(s, "KE", "airtel", "payin").state).toBe("up");
    expect(s.incidents[0]).toMatchObject({ id: incident.id, title: "M-Pesa payins failing", status: "investigating", resolved_at: null, affected: ["KE:safaricom"] });
    await expect.poll(() => mails.length).toBe(1);
    expect(mails[0].to).toBe("ops@merchant.example");
    expect(mails[0].raw).toContain("Nouvel incident\u00a0: M-Pesa payins failing");
    expect(mails[0].raw).toContain("Safaricom M-Pesa (Kenya)");
    expect(mails[0].raw).toMatch(/https:\/\/status\.sika\.test\/status\/unsubscribe\?token=[A-Za-z0-9_-]+/);

    await asOperator().operator.updateStatusIncident({ id: incident.id, status: "resolved", message: "Payins flow again." });
    const after = await status();
    expect(direction(after, "KE", "safaricom", "payin").state).toBe("up");
    expect(after.incidents[0].resolved_at).not.toBeNull();
    expect(after.incidents[0].updates.map((u: { status: string }) => u.status)).toEqual(["resolved", "investigating"]);
    await expect.poll(() => mails.length).toBe(2);
    expect(mails[1].raw).toContain("Résolu\u00a0: M-Pesa payins failing");
    await expect(asOperator().operator.updateStatusIncident({ id: incident.id, status: "monitoring", message: "again" })).rejects.toThrow(/resolved/);

    const audit = await app.database.db.select().from(auditLog).where(eq(auditLog.targetId, incident.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["status_incident.created", "status_incident.resolved"]);
    expect(audit.every((a) => a.actorType === "operator" && a.actorId === operator.id)).toBe(true);

    // Unsubscribed: the next incident mails nobody.
    const unsubscribe = /\/status\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mails[1].raw)![1];
    const { unsubscribe: stop } = await import("@/server/status/subscribers");
    // A link's token as typed or tampered with (the buttons post what the URL held) names nobody, NUL included.
    for (const given of [unsubscribe + "\u0000", "\u0000", "%00", "", unsubscribe.slice(0, 8)]) {
      expect(await stop(app.database.db, given)).toBe(false);
      expect(await confirmSubscription(app.database.db, given)).toBe(false);
    }
    expect(await stop(app.database.db, unsubscribe)).toBe(true);
    mails.length = 0;
    await asOperator().operator.createStatusIncident({ title: "Wave slow", impact: "degraded", affected: ["SN:wave"], message: "Slow answers." });
    await new Promise((r) => setTimeout(r, 500));
    expect(mails).toHaveLength(0);
  });

  it("answers 429 past 10 subscription requests from one address in an hour", async () => {
    // The test stands in for a proxy of ours (issue 19 §4: X-Forwarded-For counts only then).
    const undoProxy = setEnv({ TRUSTED_PROXIES: "1" });
    onTestFinished(undoProxy);
    const from = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < 10; i++) {
      expect((await app.request("/api/v1/status/subscriptions", { method: "POST", headers: from, json: { email: `flood-${i}@merchant.example` } })).status).toBe(200);
    }
    const refused = await app.request("/api/v1/status/subscriptions", { method: "POST", headers: from, json: { email: "flood-x@merchant.example" } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    // Another address is not affected.
    expect((await app.request("/api/v1/status/subscriptions", { method: "POST", headers: { "x-forwarded-for": "203.0.113.78" }, json: { email: "other@merchant.example" } })).status).toBe(200);
  });

  it("refuses incident procedures to anyone but an operator", async () => {
    await expect(caller({ db: app.database.db, user: { ...operator, isOperator: false } }).operator.statusIncidents()).rejects.toThrow(/Operators only/);
  });
});
