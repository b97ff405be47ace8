import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "@/server/logger";

describe("structured logs", () => {
  it("write JSON lines and redact secrets wherever they appear", () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger(sink, "info");
    log.info({ requestId: "req_1", method: "POST", path: "/api/v1/merchant/payin", status: 200, durationMs: 3.2 }, "request");
    log.info({ headers: { authorization: "Bearer sk_test_secret" }, webhookSecret: "whsec_abc", secret: "whsec_def", apiKey: "sk_live_x", password: "hunter22" }, "careless");
    const [access, careless] = lines.map((l) => JSON.parse(l));
    expect(access).toMatchObject({ requestId: "req_1", method: "POST", path: "/api/v1/merchant/payin", status: 200, durationMs: 3.2, msg: "request" });
    const text = lines[1];
    for (const s of ["sk_test_secret", "whsec_abc", "whsec_def", "sk_live_x", "hunter22"]) expect(text).not.toContain(s);
    expect(careless.webhookSecret).toBe("[redacted]");
  });
});
