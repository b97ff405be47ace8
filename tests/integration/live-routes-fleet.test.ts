import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrangeMoneyFake } from "../fakes/orange-money/server";
import { createPawapayFake } from "../fakes/pawapay/server";
import { startTestApp, type TestApp } from "../helpers/app";
import { fund } from "../helpers/payments";
import { FAKE, fakePhone, railsEnv, row, setEnv, settle } from "../helpers/live";

/**
 * Two instances on one PostgreSQL database fail over together (D19): this test process is
 * instance A (in-process app), a `scripts/lean-entry.ts` process is instance B. Orange's
 * fake goes down; A's calls open the CI orange breaker, which lives in the database; B,
 * which never called Orange, sends its next CI orange payin through pawaPay. Payins already
 * sent to Orange stay on Orange. Needs PostgreSQL: TEST_DATABASE_URL, or the local server.
 */
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const B_PORT = 4221;

let app: TestApp;
let orange: ReturnType<typeof createOrangeMoneyFake>;
let pawapay: ReturnType<typeof createPawapayFake>;
let undoEnv: () => void;
let merchant: Awaited<ReturnType<TestApp["createMerchant"]>>;
let other: ChildProcess | null = null;

function fleetEnv(): Record<string, string> {
  return {
    ...(railsEnv(app) as Record<string, string>),
    ORANGE_MONEY_BASE_URL: orange.baseUrl,
    ORANGE_MONEY_CLIENT_ID: orange.config.clientId,
    ORANGE_MONEY_CLIENT_SECRET: orange.config.clientSecret,
    ORANGE_MONEY_MERCHANT_KEY: orange.config.merchantKey,
    ORANGE_MONEY_COUNTRIES: "CI=ci",
    PAWAPAY_BASE_URL: pawapay.baseUrl,
    PAWAPAY_API_TOKEN: pawapay.config.apiToken,
    PAWAPAY_PROVIDERS: "CI:orange=ORANGE_CIV",
    CONNECTOR_BREAKER_COOLDOWN_SECONDS: "60",
    BREAKER_SYNC_MS: "200",
  };
}

async function startOther(): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lean-entry.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...fleetEnv(), NODE_ENV: "test", DATABASE_URL: app.database.url!, PORT: String(B_PORT), SEED_DEMO: "0", WORKER_ENABLED: "0", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  other = child;
  const url = `http://127.0.0.1:${B_PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`lean entry exited ${child.exitCode}`);
    if (await fetch(`${url}/api/readyz`).then((r) => r.ok, () => false)) return url;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("instance B not ready");
}

const payin = { amount: 5000, metadata: { network: "orange", country_code: "CI", phone_number: fakePhone("CI", FAKE.ok) } };
async function payinOn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/merchant/payin`, { method: "POST", headers: { authorization: `Bearer ${merchant.liveApiKey}`, "content-type": "application/json" }, body: JSON.stringify(payin) });
  const body = (await res.json()) as { data: { transaction_id: string } };
  expect(res.status).toBe(200);
  return body.data.transaction_id;
}

beforeAll(async () => {
  app = await startTestApp();
  orange = createOrangeMoneyFake({ outcomeDelayMs: 100 });
  pawapay = createPawapayFake({ outcomeDelayMs: 100 });
  await Promise.all([orange.start(), pawapay.start()]);
  pawapay.setCallbackUrls({ deposits: `${app.baseUrl}/api/connectors/pawapay/deposits` });
  merchant = await app.createMerchant({ kycStatus: "approved" });
  await fund(app.database.db, { merchantId: merchant.merchantId, mode: "live", currency: "XOF", amount: 1_000_000 });
  undoEnv = setEnv(fleetEnv());
}, 300_000);
afterAll(async () => {
  if (other && other.exitCode === null) {
    other.kill("SIGTERM");
    await new Promise((r) => other!.once("exit", r));
  }
  undoEnv?.();
  await Promise.all([orange.close(), pawapay.close()]);
  await app.close();
}, 60_000);

describe("two instances on one database (D19)", () => {
  it("Orange down: A's failures open the shared breaker, B sends new CI orange payins through pawaPay; existing ones stay on Orange", { timeout: 300_000 }, async () => {
    const b = await startOther();
    // Both instances start on the direct route.
    expect((await row(app, await payinOn(app.baseUrl))).route).toBe("orange-money");
    expect((await row(app, await payinOn(b))).route).toBe("orange-money");

    orange.failNext(1000, 503);
    const sentToOrange: string[] = [];
    for (let i = 0; i < 3; i++) sentToOrange.push(await payinOn(app.baseUrl));
    const openedAt = Date.now();

    // B never called Orange: it learns of the open breaker from the database.
    let routeOnB: string | null = null;
    let id = "";
    while (Date.now() - openedAt < 5000) {
      id = await payinOn(b);
      routeOnB = (await row(app, id)).route;
      if (routeOnB === "pawapay") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(routeOnB).toBe("pawapay");
    expect(Date.now() - openedAt).toBeLessThan(2000);
    expect((await settle(app, id, { worker: true })).status).toBe("successful");
    const held = [...pawapay.payments.values()].find((p) => p.kind === "deposits" && p.provider === "ORANGE_CIV");
    expect(held?.id).toBe((await row(app, id)).operatorHandle);

    // The payins sent to Orange before it went down stay there: never re-sent through pawaPay.
    for (const sid of sentToOrange) {
      const t = await row(app, sid);
      expect([t.route, t.status]).toEqual(["orange-money", "pending"]);
      expect([...pawapay.payments.values()].some((p) => p.id === t.operatorHandle)).toBe(false);
    }
    // B's availability view agrees: CI orange payins still live (through pawaPay).
    const nets = await fetch(`${b}/api/v1/networks?country_code=CI`, { headers: { authorization: `Bearer ${merchant.liveApiKey}` } }).then((r) => r.json());
    expect(nets.data[0].networks.find((n: { network: string }) => n.network === "orange").availability.payin).toBe(true);
  });
});
