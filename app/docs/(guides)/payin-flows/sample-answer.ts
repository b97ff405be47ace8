import { coverage } from "@/server/catalog/coverage";
import { payinAuthorization } from "@/server/payments/payin-authorization";
import { toMinor } from "@/server/money";
import { sandboxNumbers } from "@/server/catalog/sandbox-numbers";

/** What the API answers for one network, computed by the same function payin creation uses. */
export function sampleAnswer(countryCode: string, networkId: string, origin: string) {
  const country = coverage.find((c) => c.code === countryCode)!;
  const network = country.networks.find((n) => n.id === networkId)!;
  const phone = sandboxNumbers().find((n) => n.countryCode === countryCode)!.successful.slice(1);
  const currency = country.currencies[0].currency;
  const amount = toMinor(country.currencies[0].currency === "GMD" ? 500 : 1000)!;
  return payinAuthorization({ transactionId: "pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D", country, network, amount, currency, phone, omOtp: null, origin });
}

/** The networks with an authorization step beyond the phone prompt. */
export const specialNetworks = () =>
  coverage.flatMap((c) => c.networks.filter((n) => n.authorization !== "none").map((n) => ({ country: c, network: n })));
