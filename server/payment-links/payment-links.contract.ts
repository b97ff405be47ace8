import { z } from "../contracts/zod";
import { startingAfterField } from "../contracts/cursor-list";
import { defineOperation } from "../contracts/operation";
import { errors } from "../errors";
import { amountSchema, countryField } from "../payments/request-fields";

/** What a link can ask the payer for, besides the phone number. */
export const COLLECT_FIELDS = ["name", "email", "reference"] as const;

export const createPaymentLinkBody = z.object({
  title: z.string().trim().min(1).max(100).describe("Shown in large on the page: what the payer pays for."),
  description: z.string().trim().max(500).nullish().describe("More words under the title."),
  country_code: countryField.describe("The country whose networks the page offers (one of the 15 covered)."),
  currency: z.string().min(1).max(3).nullish().describe("3-letter ISO code; may be left out where the country has one currency."),
  amount: amountSchema.nullish().describe("A fixed amount. Leave out to let the payer choose within min_amount and max_amount."),
  min_amount: amountSchema.nullish().describe("Payer's choice: the least (default: the country's minimum)."),
  max_amount: amountSchema.nullish().describe("Payer's choice: the most (default: the country's maximum)."),
  collect_fields: z.array(z.enum(COLLECT_FIELDS)).max(3).nullish().describe("Fields the page asks the payer for: `name`, `email`, `reference`."),
  max_payments: z.number().int().min(1).max(1_000_000).nullish().describe("The link stops taking payments after this many successful ones."),
  expires_at: z.iso.datetime({ offset: true }).nullish().describe("ISO 8601 time after which the page takes no payment."),
});
export type CreatePaymentLinkBody = z.output<typeof createPaymentLinkBody>;

export const paymentLinkSchema = z
  .strictObject({
    id: z.string().meta({ example: "pl_01JZ3KF2B6D8F0H2K4M6P8R0T2" }),
    url: z.string().describe("The public page to share (also as a QR code)."),
    slug: z.string(),
    status: z.enum(["active", "inactive", "expired", "completed"]).describe("`inactive`: deactivated; `completed`: max_payments reached."),
    title: z.string(),
    description: z.string().nullable(),
    country_code: z.string(),
    currency: z.string(),
    amount: z.number().nullable().describe("Fixed amount, or null when the payer chooses."),
    min_amount: z.number().nullable(),
    max_amount: z.number().nullable(),
    collect_fields: z.array(z.enum(COLLECT_FIELDS)),
    max_payments: z.number().nullable(),
    expires_at: z.string().nullable(),
    payment_count: z.number().describe("Payins started from the link, whatever their status."),
    successful_count: z.number(),
    total_collected: z.number().describe("Sum of the successful payments' amounts."),
    created_at: z.string(),
    deactivated_at: z.string().nullable(),
  })
  .openapi("PaymentLink");

export const paymentLinkList = z
  .strictObject({
    data: z.array(paymentLinkSchema).describe("Newest first."),
    has_more: z.boolean(),
    next_starting_after: z.string().nullable().describe("Pass as starting_after for the next page."),
  })
  .openapi("PaymentLinkList");

export const listPaymentLinksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe("1 to 100, default 20."),
  starting_after: startingAfterField("paymentLink", "a payment link").describe("`next_starting_after` of the previous page: the page after that link."),
});

export const linkIdParams = z.object({ id: z.string().min(1).max(64) });

const linkNotFound = { key: "payment_link_not_found", summary: "No such link for this key's merchant and mode", error: errors.notFound("Payment link not found") };

const example = {
  id: "pl_01JZ3KF2B6D8F0H2K4M6P8R0T2",
  url: "https://pay.sika.africa/pay/k3m9q2x7ab",
  slug: "k3m9q2x7ab",
  status: "active",
  title: "School fees, term 2",
  description: "Lycée Sainte-Marie, Abidjan",
  country_code: "CI",
  currency: "XOF",
  amount: 25000,
  min_amount: null,
  max_amount: null,
  collect_fields: ["name", "reference"],
  max_payments: null,
  expires_at: "2026-06-30T23:59:59.000Z",
  payment_count: 3,
  successful_count: 2,
  total_collected: 50000,
  created_at: "2026-03-02T10:15:00.000Z",
  deactivated_at: null,
};

export const createPaymentLinkContract = defineOperation({
  path: "/api/v1/merchant/payment-links",
  method: "POST",
  request: { auth: "merchant", body: createPaymentLinkBody },
  operationId: "createPaymentLink",
  tag: "Payments",
  summary: "Create a payment link",
  description:
    "A public page (`url`, also shown as a QR code) where anyone pays you by mobile money: the payer enters a phone number, the network is predicted and can be changed, and the payment is an ordinary payin of the key's mode (same fees, webhooks, statements), tagged with the link. Fixed `amount`, or the payer chooses within `min_amount`..`max_amount`.",
  requestExample: { title: "School fees, term 2", description: "Lycée Sainte-Marie, Abidjan", country_code: "CI", amount: 25000, collect_fields: ["name", "reference"], expires_at: "2026-06-30T23:59:59Z" },
  success: { description: "The link", schema: paymentLinkSchema, example, message: "Payment link created" },
});

export const listPaymentLinksContract = defineOperation({
  path: "/api/v1/merchant/payment-links",
  method: "GET",
  request: { auth: "merchant", query: listPaymentLinksQuery },
  operationId: "listPaymentLinks",
  tag: "Payments",
  summary: "List payment links",
  description: "The key's mode's links, newest first, with their payment counts and totals.",
  success: { description: "A page of links", schema: paymentLinkList, example: { data: [example], has_more: false, next_starting_after: null }, message: "Payment links retrieved" },
});

export const getPaymentLinkContract = defineOperation({
  path: "/api/v1/merchant/payment-links/{id}",
  method: "GET",
  request: { auth: "merchant", params: linkIdParams },
  operationId: "getPaymentLink",
  tag: "Payments",
  summary: "Read a payment link",
  description: "One link with its payment counts and total collected. Its payments are ordinary payins (list them with `GET /api/v1/merchant/transactions`).",
  success: { description: "The link", schema: paymentLinkSchema, example, message: "Payment link retrieved" },
  errors: [linkNotFound],
});

export const deactivatePaymentLinkContract = defineOperation({
  path: "/api/v1/merchant/payment-links/{id}/deactivate",
  method: "POST",
  request: { auth: "merchant", params: linkIdParams },
  operationId: "deactivatePaymentLink",
  tag: "Payments",
  summary: "Deactivate a payment link",
  description: "The page then says the link is no longer active and takes no payment; payments already started go on. Idempotent; cannot be undone (create a new link).",
  success: { description: "The link, `status` `inactive`", schema: paymentLinkSchema, example: { ...example, status: "inactive", deactivated_at: "2026-03-05T08:00:00.000Z" }, message: "Payment link deactivated" },
  errors: [linkNotFound],
});

