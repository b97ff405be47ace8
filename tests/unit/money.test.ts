import { describe, expect, it } from "vitest";
import { computeFee, roundToStep, toAmount, toDecimalString, toMinor } from "@/server/money";

describe("money", () => {
  it("reads JSON numbers as hundredths without float error", () => {
    expect(toMinor(25.13)).toBe(2513n);
    expect(toMinor(0.01)).toBe(1n);
    expect(toMinor(1005)).toBe(100500n);
    expect(toMinor(1.5)).toBe(150n);
    expect(toMinor(1e21)).toBe(10n ** 23n);
    expect(toMinor("12.30")).toBe(1230n);
  });

  it("refuses more than two decimals and non-numbers", () => {
    expect(toMinor(25.129)).toBeNull();
    expect(toMinor(0.001)).toBeNull();
    expect(toMinor(Number.NaN)).toBeNull();
    expect(toMinor("abc")).toBeNull();
  });

  it("writes amounts back exactly as stored", () => {
    expect(toAmount(2513n)).toBe(25.13);
    expect(toAmount(100500n)).toBe(1005);
    expect(toAmount(10n)).toBe(0.1);
    expect(toDecimalString(-150n)).toBe("-1.5");
  });

  it("rounds to multiples of 5 half up", () => {
    expect(roundToStep(100200n, 500n)).toBe(100000n);
    expect(roundToStep(100300n, 500n)).toBe(100500n);
    expect(roundToStep(100250n, 500n)).toBe(100500n);
  });

  it("rounds fees up to the currency unit", () => {
    // 1.5% of 1005 XOF = 15.075 -> 16 XOF
    expect(computeFee(100500n, 150, 0n, "XOF")).toBe(1600n);
    // 1.5% of 10.01 KES = 0.15015 -> 0.16 KES
    expect(computeFee(1001n, 150, 0n, "KES")).toBe(16n);
    expect(computeFee(100000n, 100, 5000n, "KES")).toBe(6000n);
  });
});
