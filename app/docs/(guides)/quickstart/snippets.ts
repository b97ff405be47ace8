import { DEMO } from "@/server/seed/demo";

/** The quick start's commands and answers, shared by its English and French pages (not translated). */
export interface QuickStartFacts {
  base: string;
  ci: { successful: string; bySuffix: Record<string, string> };
  sn: { successful: string };
  payin: { fee: number; charged: number };
}

export const quickStartSnippets = {
  console: ({ base }: QuickStartFacts) => `==================== Sika demo merchant (shown once) ====================
  Merchant:        ${DEMO.merchantName} (mer_…)
  Dashboard:       ${base}/signin  ${DEMO.email} / ${DEMO.password}
  Test API key:    sk_test_…
  Webhook secret:  whsec_…`,
  env: ({ base }: QuickStartFacts) => `export SIKA_KEY=sk_test_...        # your test key\nexport SIKA_URL=${base}`,
  networks: `curl -s "$SIKA_URL/api/v1/networks?country_code=CI" \\\n  -H "Authorization: Bearer $SIKA_KEY"`,
  payin: ({ ci }: QuickStartFacts) => `curl -s -X POST "$SIKA_URL/api/v1/merchant/payin" \\
  -H "Authorization: Bearer $SIKA_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1042-attempt-1" \\
  -d '{
    "amount": 1000,
    "currency": "XOF",
    "order_id": "order-1042",
    "metadata": { "network": "mtn", "phone_number": "${ci.successful}", "country_code": "CI" }
  }'`,
  payinAnswer: ({ payin }: QuickStartFacts) =>
    JSON.stringify(
      {
        status: "success",
        message: "Payin initiated",
        data: {
          transaction_id: "pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D",
          amount: 1000,
          fee: payin.fee,
          charged_amount: payin.charged,
          currency: "XOF",
          order_id: "order-1042",
          status: "pending",
          payment_method: "mobile_money",
          created_at: "2026-03-02T10:15:00.000Z",
          redirect_url: null,
          instructions: null,
          auth_mode: null,
        },
      },
      null,
      2,
    ),
  status: `curl -s "$SIKA_URL/api/v1/merchant/transactions/pi_01JZ3K8Q4N6M2X0V7T5R9B1C3D" \\\n  -H "Authorization: Bearer $SIKA_KEY"`,
  payout: ({ sn }: QuickStartFacts) => `curl -s -X POST "$SIKA_URL/api/v1/merchant/payout" \\
  -H "Authorization: Bearer $SIKA_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: payout-77" \\
  -d '{
    "amount": 5000,
    "currency": "XOF",
    "payment_method": "mobile_money",
    "order_id": "payout-77",
    "metadata": { "network": "orange", "phone_number": "${sn.successful}", "country_code": "SN", "beneficiary": "Awa Diop" }
  }'`,
};
