/** The settlements guide's code samples, shared by its English and French pages (not translated). */
export const settlementsSnippets = {
  request: `curl -X POST $SIKA_URL/api/v1/merchant/settlements \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{ "bank_account_id": "ba_01JZ...", "amount": 500000 }'`,
  webhookBody: `{ "transaction_id": "st_01JZ...", "amount": 500000, "fee": 2500, "charged_amount": 502500, "currency": "XOF",
  "order_id": null, "status": "paid", "type": "settlement",
  "created_at": "2026-03-02T10:15:00.000Z", "updated_at": "2026-03-03T09:00:00.000Z",
  "metadata": { "country_code": "CI", "phone_number": null, "network": "bank", "bank_account_id": "ba_01JZ...",
                "bank_name": "Société Générale CI", "account_number": "•••• 0589",
                "bank_reference": "SGCI-TRF-20260303-0042", "rejection_reason": null } }`,
};
