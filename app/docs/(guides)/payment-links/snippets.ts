/** The payment links guide's code samples, shared by its English and French pages (not translated). */
export const paymentLinksSnippets = {
  create: `curl -X POST $SIKA_URL/api/v1/merchant/payment-links \\
  -H "Authorization: Bearer $SIKA_KEY" -H "Content-Type: application/json" \\
  -d '{ "title": "School fees, term 2", "description": "Lycée Sainte-Marie, Abidjan",
        "country_code": "CI", "amount": 25000, "collect_fields": ["name", "reference"],
        "expires_at": "2026-06-30T23:59:59Z" }'`,
};
