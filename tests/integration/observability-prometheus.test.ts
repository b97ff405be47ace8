import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../helpers/app";
import { payinRequest } from "../helpers/payments";

/**
 * Metrics through the real stack (issue 25): `npm run start:api` with API_WORKERS=2 serves
 * /metrics on METRICS_PORT (the cluster primary, summing its workers) and behind
 * METRICS_TOKEN on the main port; Debian's real Prometheus scrapes it and its HTTP API
 * answers `up` and our series. The alert rules pass `promtool check rules`.
 * Needs PostgreSQL (several processes) and /usr/bin/prometheus (.ci/run installs it).
 */
process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const TOKEN = "metrics-token-for-tests-0123456789";

let app: TestApp;
const children: ChildProcess[] = [];
let tmp: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited ${child.exitCode}`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} not ready`);
}

let apiUrl: string;
let metricsUrl: string;

beforeAll(async () => {
  app = await startTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "sika-prom-"));
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/lean-entry.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: app.database.url!, PORT: String(port), API_WORKERS: "2", METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1", METRICS_TOKEN: TOKEN, SEED_DEMO: "0", WORKER_ENABLED: "1", OBSERVER_INTERVAL_SECONDS: "1", SANDBOX_DELAY_MS: "50", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  apiUrl = `http://127.0.0.1:${port}`;
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  await waitFor(`${apiUrl}/api/readyz`, child, "start:api");
  // readyz is one worker's answer. The aggregate needs every worker's: until the second has
  // loaded (seconds later on a busy machine) the primary's collection times out and /metrics
  // answers 503, as it would to a scrape during a worker's restart.
  await waitFor(metricsUrl, child, "the cluster's metrics");
}, 300_000);

afterAll(async () => {
  for (const c of children) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once("exit", r)))));
  await app?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

const PAYINS = 12;

/** The value of one series in a Prometheus text exposition (sum over lines matching every part). */
function seriesSum(text: string, name: string, parts: string[]): number {
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .filter((l) => parts.every((p) => l.includes(p)))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

describe("GET /metrics", () => {
  it("counts payins and requests summed over both workers, with bounded labels", { timeout: 120_000 }, async () => {
    const m = await app.createMerchant();
    for (let i = 0; i < PAYINS; i++) {
      const res = await fetch(`${apiUrl}/api/v1/merchant/payin`, {
        method: "POST",
        headers: { authorization: `Bearer ${m.testApiKey}`, "content-type": "application/json", connection: "close" },
        body: JSON.stringify(payinRequest({ country: "KE", network: "safaricom" })),
      });
      expect(res.status).toBe(200);
    }
    // An unknown id: counted under its route TEMPLATE, never its raw path.
    expect((await fetch(`${apiUrl}/api/v1/merchant/transactions/pi_nope`, { headers: { authorization: `Bearer ${m.testApiKey}` } })).status).toBe(404);

    const scraped = await fetch(metricsUrl);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    const route = 'http_route="/api/v1/merchant/payin"';
    expect(seriesSum(text, "http_server_request_duration_seconds_count", [route, 'http_request_method="POST"', 'http_response_status_class="2xx"'])).toBe(PAYINS);
    expect(seriesSum(text, "sika_transactions_created_total", ['type="payin"', 'network="safaricom"', 'country="KE"', 'mode="test"'])).toBe(PAYINS);
    expect(text).toContain('http_route="/api/v1/merchant/transactions/[id]"');
    expect(text).not.toContain("pi_nope");
    expect(text).toMatch(/^db_client_connection_max\{pool_name="api"\} \d+/m);
    // The sandbox settles them 50 ms later: finished, with the creation-to-outcome histogram.
    await expect.poll(async () => seriesSum(await (await fetch(metricsUrl)).text(), "sika_transactions_finished_total", ['type="payin"']), { timeout: 30_000 }).toBe(PAYINS);
    const later = await (await fetch(metricsUrl)).text();
    expect(seriesSum(later, "sika_transaction_time_to_outcome_seconds_count", ['type="payin"'])).toBe(PAYINS);
    await expect.poll(async () => seriesSum(await (await fetch(metricsUrl)).text(), "sika_ledger_invariant_ok", []), { timeout: 30_000 }).toBe(1);
  });

  it("on the main port: 404 without METRICS_TOKEN's bearer … 401 with a wrong one, 200 with it", async () => {
    expect((await fetch(`${apiUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${apiUrl}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const ok = await fetch(`${apiUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    // A worker answered, with the aggregate the primary collected from both.
    expect(seriesSum(await ok.text(), "sika_transactions_created_total", ['type="payin"'])).toBe(PAYINS);
  });
});

describe("a real Prometheus", () => {
  it("scrapes the instance: up is 1 and our series are queryable", { timeout: 120_000 }, async () => {
    const promPort = await freePort();
    const target = new URL(metricsUrl).host;
    const config = path.join(tmp, "prometheus.yml");
    fs.writeFileSync(config, `global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nrule_files:\n  - ${path.join(ROOT, "docs/ops/alerts.yml")}\nscrape_configs:\n  - job_name: sika\n    static_configs:\n      - targets: ["${target}"]\n`);
    const prom = spawn("/usr/bin/prometheus", [`--config.file=${config}`, `--storage.tsdb.path=${path.join(tmp, "data")}`, `--web.listen-address=127.0.0.1:${promPort}`], { stdio: ["ignore", "ignore", "ignore"] });
    children.push(prom);
    const api = `http://127.0.0.1:${promPort}/api/v1`;
    await waitFor(`http://127.0.0.1:${promPort}/-/ready`, prom, "prometheus");
    const query = async (q: string) => {
      const body = (await (await fetch(`${api}/query?query=${encodeURIComponent(q)}`)).json()) as { data: { result: Array<{ value: [number, string] }> } };
      return body.data.result.map((r) => Number(r.value[1]));
    };
    await expect.poll(() => query('up{job="sika"}'), { timeout: 30_000, interval: 500 }).toEqual([1]);
    expect(await query('sum(sika_transactions_created_total{type="payin",country="KE"})')).toEqual([PAYINS]);
    expect(await query('sum(http_server_request_duration_seconds_count{http_route="/api/v1/merchant/payin"})')).toEqual([PAYINS]);
    // The rules loaded into the real server: none firing on a healthy instance.
    const rules = (await (await fetch(`${api}/rules`)).json()) as { data: { groups: Array<{ rules: Array<{ name: string; health: string; state: string }> }> } };
    const loaded = rules.data.groups.flatMap((g) => g.rules);
    expect(loaded.map((r) => r.name)).toContain("SikaLedgerInvariantBroken");
    expect(loaded.filter((r) => r.state === "firing").map((r) => r.name)).toEqual([]);
    expect(loaded.filter((r) => r.health === "err").map((r) => r.name)).toEqual([]);
    // Every panel of the Grafana dashboard is a query this Prometheus accepts.
    const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, "docs/ops/grafana-dashboard.json"), "utf8")) as { panels: Array<{ title: string; targets: Array<{ expr: string }> }> };
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        const res = (await (await fetch(`${api}/query?query=${encodeURIComponent(target.expr)}`)).json()) as { status: string; error?: string };
        expect(res, panel.title).toMatchObject({ status: "success" });
      }
    }
    // Series the dashboard reads that exist once traffic flowed.
    expect((await query("max(nodejs_eventloop_lag_p99_seconds)")).length).toBe(1);
  });

  it("the alert rules pass promtool check rules, and their unit tests (which fire when, which stay silent)", () => {
    const check = spawnSync("/usr/bin/promtool", ["check", "rules", path.join(ROOT, "docs/ops/alerts.yml")], { encoding: "utf8" });
    expect(check.stdout + check.stderr).toContain("SUCCESS: 10 rules found");
    expect(check.status).toBe(0);
    const unit = spawnSync("/usr/bin/promtool", ["test", "rules", path.join(ROOT, "docs/ops/alerts.test.yml")], { encoding: "utf8" });
    expect(unit.stdout + unit.stderr).toContain("SUCCESS");
    expect(unit.status).toBe(0);
  });
});
