/** Code samples shared by the English and French TypeScript client guides (`base`: the docs origin). */
export const installSample = (base: string) => `npm install openapi-fetch\nnpx openapi-typescript ${base}/api/v1/openapi.json -o src/sika-api.d.ts`;

export const clientSample = (base: string) => `import createClient from "openapi-fetch";
import type { paths } from "./sika-api";

export const sika = createClient<paths>({
  baseUrl: "${base}",
  headers: { Authorization: \`Bearer \${process.env.SIKA_KEY}\` },
});

const { data, error, response } = await sika.POST("/api/v1/merchant/payin", {
  params: { header: { "Idempotency-Key": crypto.randomUUID() } },
  body: {
    amount: 1000,
    currency: "XOF",
    order_id: "order-1042",
    metadata: { network: "mtn", phone_number: "+2250123456789", country_code: "CI" },
  },
});

if (error) {
  // error is typed per status: 422 -> { data: Record<string, string[]> }, 400 -> limits or balance details...
  console.error(response.status, error.message, error.data);
} else if (data.data.auth_mode === "pin") {
  // ask for the PIN, then:
  await sika.POST("/api/v1/merchant/transactions/{id}/finalize", {
    params: { path: { id: data.data.transaction_id } },
    body: { otp: "4821" },
  });
}`;

export const webhookSample = `import type { components } from "./sika-api";
type SikaWebhook = components["schemas"]["WebhookPayload"];

// after verifying the signature on the raw body (see the webhooks guide):
const event = JSON.parse(rawBody.toString("utf8")) as SikaWebhook;`;
