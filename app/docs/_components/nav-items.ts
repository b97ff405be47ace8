/** The guides, in reading order (sidebar and the overview's cards). */
export const guides = [
  { href: "/docs", title: "Overview", blurb: "What Sika does and where to start." },
  { href: "/docs/quickstart", title: "Quick start", blurb: "Your first test payin in five minutes, with curl." },
  { href: "/docs/test-mode", title: "Test mode & sandbox numbers", blurb: "Phone numbers that succeed, fail, cancel or hang, per country." },
  { href: "/docs/payin-flows", title: "Payin authorization flows", blurb: "USSD, PIN, hosted checkout, approve on phone: what to do with each." },
  { href: "/docs/webhooks", title: "Webhooks", blurb: "Verify signatures in Node, PHP and Python; dedupe; confirm by status." },
  { href: "/docs/errors", title: "Errors", blurb: "Every status code and message, and which wins when several apply." },
  { href: "/docs/coverage", title: "Coverage, limits & fees", blurb: "15 countries, their networks, amount limits, rounding and fees." },
  { href: "/docs/network-prediction", title: "Network prediction", blurb: "Which network a phone number belongs to, from the regulators' numbering plans." },
  { href: "/docs/statements", title: "Statements", blurb: "Opening balance, every movement, closing balance: reconcile in JSON or CSV." },
  { href: "/docs/refunds", title: "Refunds", blurb: "Give a customer's money back, in full or in part, with its own status and webhooks." },
  { href: "/docs/bulk-payouts", title: "Bulk payouts", blurb: "Up to 1,000 payouts in one request, each checked on its own." },
  { href: "/docs/migrating-from-mbiyopay", title: "Migrating from MbiyoPay", blurb: "Keep your code: the paths it calls, and amounts in major units." },
  { href: "/docs/typescript", title: "TypeScript client", blurb: "Types generated from the OpenAPI document, with openapi-fetch." },
  { href: "/docs/payment-links", title: "Payment links", blurb: "A page anyone pays you on by mobile money: share it on WhatsApp or as a QR code." },
  { href: "/docs/checkout-sessions", title: "Hosted checkout sessions", blurb: "Send your customer to a Sika page to pay an order, and get them back." },
  { href: "/docs/settlements", title: "Settlements to the bank", blurb: "Bank accounts per country, settlement requests, fees, webhooks and the automatic schedule." },
] as const;
