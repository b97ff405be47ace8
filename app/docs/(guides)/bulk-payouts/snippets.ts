/** The bulk payouts guide's code samples, shared by its English and French pages (not translated). */
export const bulkPayoutsSnippets = {
  create: `curl -X POST $SIKA_URL/api/v1/merchant/payouts/bulk \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: salaries-2026-03" \\
  -d '{ "payouts": [
    { "amount": 5000, "currency": "XOF", "payment_method": "mobile_money", "order_id": "salary-001",
      "metadata": { "network": "orange", "phone_number": "+221770001234", "country_code": "SN", "beneficiary": "Awa Diop" } }
  ] }'`,
  batch: `curl $SIKA_URL/api/v1/merchant/payouts/bulk/bat_01JZ... -H "Authorization: Bearer $SIKA_KEY"`,
};
