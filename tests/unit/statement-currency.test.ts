import { describe, expect, it } from "vitest";
import { ownCurrency } from "@/components/statements/own-currency";

describe("the currency a statement opens on", () => {
  it("is the wallet that moved last, not the largest raw balance across currencies", () => {
    const wallets = [
      { currency: "XOF", available: "100000.00", updatedAt: new Date("2026-11-01T10:00:00Z") },
      { currency: "KES", available: "50000.00", updatedAt: new Date("2026-11-27T09:00:00Z") },
    ];
    expect(ownCurrency(wallets)).toBe("KES");
    expect(ownCurrency([...wallets].reverse())).toBe("KES");
  });

  it("takes the first on a tie, and XOF without a wallet", () => {
    const at = "2026-11-27T09:00:00.000Z";
    expect(ownCurrency([{ currency: "GHS", updatedAt: at }, { currency: "UGX", updatedAt: at }])).toBe("GHS");
    expect(ownCurrency([])).toBe("XOF");
    expect(ownCurrency()).toBe("XOF");
  });
});
