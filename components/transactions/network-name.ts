import { coverage } from "@/server/catalog/coverage";

/** "mtn" in CI → "MTN Mobile Money": the catalog's name, the id when unknown. */
const names = new Map(coverage.flatMap((c) => c.networks.map((n) => [`${c.code}:${n.id}`, n.name] as const)));

export function networkName(countryCode: string, network: string): string {
  return names.get(`${countryCode.toUpperCase()}:${network}`) ?? network;
}
