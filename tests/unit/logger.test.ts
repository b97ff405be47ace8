import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logAccess, type AccessFields } from "@/server/logger";

/** A stream that keeps every line written to it. */
function collected(): { lines: string[]; sink: Writable } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe("structured logs", () => {
  it("write JSON lines and redact secrets wherever they appear", () => {
    const { lines, sink } = collected();
    const log = createLogger(sink, "info");
    log.info({ requestId: "req_1", method: "POST", path: "/api/v1/merchant/payin", status: 200, durationMs: 3.2 }, "request");
    log.info({ headers: { authorization: "Bearer sk_test_secret" }, webhookSecret: "whsec_abc", secret: "whsec_def", apiKey: "sk_live_x", password: "hunter22" }, "careless");
    const [access, careless] = lines.map((l) => JSON.parse(l));
    expect(access).toMatchObject({ requestId: "req_1", method: "POST", path: "/api/v1/merchant/payin", status: 200, durationMs: 3.2, msg: "request" });
    const text = lines[1];
    for (const s of ["sk_test_secret", "whsec_abc", "whsec_def", "sk_live_x", "hunter22"]) expect(text).not.toContain(s);
    expect(careless.webhookSecret).toBe("[redacted]");
  });

  it("write the access line exactly as pino writes it, for every shape of its fields", () => {
    const { lines, sink } = collected();
    const log = createLogger(sink, "info").child({}, { redact: [] });
    const cases: AccessFields[] = [
      { requestId: "req_1", method: "POST", path: "/api/v1/merchant/payin", status: 200, durationMs: 3.2, merchantId: "mer_1" },
      { requestId: "req_2", method: "GET", path: "/api/v1/merchant/transactions/pi_x", status: 404, durationMs: 0 },
      { requestId: "req_3", method: "GET", path: '/api/v1/"quoted"\\back\u0001ctl/é\ud800', status: 401, durationMs: 12.345, merchantId: null },
      { requestId: "req_4", method: "DELETE", path: "/api/v1/".padEnd(300, "x"), status: 405, durationMs: 1e-7, merchantId: undefined },
    ];
    for (const c of cases) {
      log.info(c, "request");
      logAccess(c, log);
    }
    expect(lines).toHaveLength(cases.length * 2);
    const withoutTime = (l: string) => l.replace(/"time":\d+/, '"time":0');
    for (let i = 0; i < lines.length; i += 2) expect(withoutTime(lines[i + 1])).toBe(withoutTime(lines[i]));
    // A level above info writes nothing.
    const quiet = createLogger(sink, "warn");
    logAccess(cases[0], quiet);
    expect(lines).toHaveLength(cases.length * 2);
  });
});
