/**
 * The currency a statement opens on: the merchant's wallet that moved last (the first on a
 * tie), XOF without a wallet. Not the largest balance: amounts in different currencies do
 * not compare (50,000 KES is about 230,000 F CFA, and a raw comparison picked the F CFA
 * wallet holding less money), while the wallet a payin or payout touched last is the one
 * the merchant is most likely looking for.
 */
export function ownCurrency(wallets: ReadonlyArray<{ currency: string; updatedAt: Date | string }> = []): string {
  let best: { currency: string; at: number } | null = null;
  for (const w of wallets) {
    const at = new Date(w.updatedAt).getTime();
    if (!best || at > best.at) best = { currency: w.currency, at };
  }
  return best?.currency ?? "XOF";
}
