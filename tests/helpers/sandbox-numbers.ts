/**
 * Phone numbers the sandbox networks understand (D9), valid for libphonenumber in each
 * of the 15 countries. The last 4 digits choose the outcome:
 * 0001 failed, 0002 cancelled, 0003 stays pending until it expires, anything else successful.
 *
 *   sandboxPhone("CI")              -> "+2250700001234" (successful)
 *   sandboxPhone("KE", "failed")    -> "+254712340001"
 */
export type SandboxOutcome = "successful" | "failed" | "cancelled" | "pending";

/** Everything but the last 4 digits, in E.164 with the plus. */
export const sandboxPhonePrefixes: Record<string, string> = {
  BF: "+2267000",
  BJ: "+229019700",
  CG: "+24206100",
  CD: "+24399100",
  CM: "+23767100",
  CI: "+225070000",
  GM: "+220300",
  GN: "+22462000",
  ML: "+2237000",
  SN: "+22177000",
  TG: "+2289000",
  UG: "+25677000",
  TZ: "+25571000",
  KE: "+25471234",
  RW: "+25078000",
};

export const sandboxSuffixes: Record<SandboxOutcome, string> = {
  successful: "1234",
  failed: "0001",
  cancelled: "0002",
  pending: "0003",
};

export function sandboxPhone(countryCode: string, outcome: SandboxOutcome = "successful"): string {
  const prefix = sandboxPhonePrefixes[countryCode.toUpperCase()];
  if (!prefix) throw new Error(`no sandbox number for ${countryCode}`);
  return prefix + sandboxSuffixes[outcome];
}

/** The same number without the plus, as responses 2.2 and 2.4 carry it. */
export function sandboxPhoneDigits(countryCode: string, outcome: SandboxOutcome = "successful"): string {
  return sandboxPhone(countryCode, outcome).slice(1);
}
