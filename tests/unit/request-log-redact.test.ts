import { describe, expect, it } from "vitest";
import { redactBody, transactionIdOf } from "@/server/request-logs/redact.mjs";

/** What the request log stores (issue 23): secrets out, whatever their spelling or place. */
describe("redactBody", () => {
  it("redacts secret-named fields at any depth and in any case", () => {
    const stored = redactBody(
      JSON.stringify({ amount: 10, newPassword: "p4ss", metadata: { om_otp: "1234", pin: "0000" }, items: [{ api_key: "k", ok: "fine" }], webhook_secret: null }),
    );
    expect(JSON.parse(stored!)).toEqual({ amount: 10, newPassword: "[redacted]", metadata: { om_otp: "[redacted]", pin: "[redacted]" }, items: [{ api_key: "[redacted]", ok: "fine" }], webhook_secret: null });
  });

  it("cuts whsec_ and sk_ values down to their prefix, in JSON or not", () => {
    expect(redactBody('{"note":"use whsec_abc/def+== and sk_live_XyZ123"}')).toBe('{"note":"use whsec_[redacted] and sk_live_[redacted]"}');
    expect(redactBody("not json sk_test_abcdef")).toBe("not json sk_test_[redacted]");
  });

  it("redacts secret-named fields of a body that does not parse: cut short, a trailing comma, single quotes, a form post", () => {
    expect(redactBody('{"amount": 1500, "metadata": {"om_otp": "918273", "network": "orange",}}')).toBe(
      '{"amount": 1500, "metadata": {"om_otp": "[redacted]", "network": "orange",}}',
    );
    expect(redactBody('{"amount": 1500, "metadata": {"om_otp": "9182')).toBe('{"amount": 1500, "metadata": {"om_otp": "[redacted]"');
    expect(redactBody('{"pin": 0000, "newPassword": "a\\"b", "otp": null, "note": "pin: 12"')).toBe('{"pin": "[redacted]", "newPassword": "[redacted]", "otp": null, "note": "pin: 12"');
    expect(redactBody("{'om_otp': '918273', 'amount': 10")).toBe("{'om_otp': \"[redacted]\", 'amount': 10");
    expect(redactBody("amount=1500&metadata%5Bom_otp%5D=918273&password=hunter2&shipping=x")).toBe(
      "amount=1500&metadata%5Bom_otp%5D=[redacted]&password=[redacted]&shipping=x",
    );
  });

  it("redacts an object or array under a secret-named field of a body that does not parse, whole, cut short or not", () => {
    expect(redactBody('{"amount": 1500, "secret": {"value": "918273", "nested": {"x": "}"}}, "credentials": ["a", "b"], "network": "orange",}')).toBe(
      '{"amount": 1500, "secret": "[redacted]", "credentials": ["a", "b"], "network": "orange",}',
    );
    expect(redactBody('{"tokens": ["t1", "t2"], "note": "x",}')).toBe('{"tokens": ["t1", "t2"], "note": "x",}');
    expect(redactBody('{"token": ["t1", "t2"], "note": "x",}')).toBe('{"token": "[redacted]", "note": "x",}');
    expect(redactBody('{"metadata": {"pin": {"code": "0000", "hint": "bird')).toBe('{"metadata": {"pin": "[redacted]"');
    expect(redactBody('{"meta": {"om_otp": "1", "ok": {"pin": "2"}}, "b": 1,}')).toBe('{"meta": {"om_otp": "[redacted]", "ok": {"pin": "[redacted]"}}, "b": 1,}');
  });

  it("keeps adversarial bodies that do not parse to what is stored: the secret gone, the text capped", () => {
    const bodies = ['{"pin": {'.repeat(60_000), '{"a": {"pin": ['.repeat(60_000), '"pin": "'.repeat(120_000), `${'{"x": {'.repeat(120_000)}"pin": 1`];
    for (const body of bodies) {
      const stored = redactBody(body)!;
      expect(stored.length).toBeLessThan(16_500);
      expect(stored).not.toMatch(/"pin": [^"]/);
    }
  });

  it("leaves ordinary fields alone (shipping is not a pin), drops NUL bytes and caps at 16 KB", () => {
    expect(redactBody('{"shipping":"x","opinion":"y"}')).toBe('{"shipping":"x","opinion":"y"}');
    expect(redactBody('{"a":"b\u0000c"}')).toBe('{"a":"bc"}');
    expect(redactBody("x".repeat(20_000))!.length).toBeLessThan(16_500);
    expect(redactBody("")).toBeNull();
  });
});

describe("transactionIdOf", () => {
  const id = "pi_01M89EZ7DNT0A7G7639QBC2KZF";
  it("reads the path first, else the transaction a one-object response is about; a list names none", () => {
    expect(transactionIdOf(`/api/v1/merchant/transactions/${id}/refund`, '{"data":{"transaction_id":"rf_01M89EZ7DNT0A7G7639QBC2KZG"}}')).toBe(id);
    expect(transactionIdOf("/api/v1/merchant/payin", `{"status":"success","message":"Payin initiated","data":{"transaction_id":"${id}","amount":1}}`)).toBe(id);
    expect(transactionIdOf("/api/v1/merchant/transactions", `{"status":"success","message":"x","data":[{"transaction_id":"${id}"}]}`)).toBeNull();
    expect(transactionIdOf("/api/v1/merchant/balances", '{"data":[]}')).toBeNull();
  });
});
