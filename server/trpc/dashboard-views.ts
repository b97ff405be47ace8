import { z } from "../zod";
import type { LedgerEntry, Transaction, TransactionEvent } from "../db/schema";
import type { WebhookAttemptView, WebhookEventView } from "../webhooks/delivery-log";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, WEBHOOK_EVENT_KINDS, WEBHOOK_EVENT_STATES } from "../vocabulary";
import { kycStatusSchema, money, moneyText } from "./schemas";
import { redactUrl } from "../webhooks/url-guard";
import { operatorNamed } from "../connectors/index";

/** The dashboard's camelCase views (the API's snake_case views are server/payments/api-views.ts): output shapes shared by several procedures (money as decimal text, dates as Date via superjson). */
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);

export const transactionRow = z.object({
  id: z.string(),
  type: transactionTypeSchema,
  status: transactionStatusSchema,
  amount: moneyText,
  fee: moneyText,
  chargedAmount: moneyText,
  currency: z.string(),
  orderId: z.string().nullable(),
  countryCode: z.string(),
  network: z.string(),
  phoneNumber: z.string(),
  beneficiary: z.string().nullable(),
  failureReason: z.string().nullable(),
  callbackUrl: z.string().nullable(),
  /** The live route taken (D19): `pawaPay (aggregator)`; null in test mode. */
  route: z.object({ name: z.string(), label: z.string(), kind: z.enum(["direct", "aggregator"]) }).nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  completedAt: z.date().nullable(),
  /** Payins: what successful refunds returned ("Refunded" / "Partially refunded"); null when none. */
  refundedAmount: moneyText.nullable(),
});
export type TransactionRowView = z.infer<typeof transactionRow>;

function routeView(name: string | null) {
  if (!name) return null;
  const d = operatorNamed(name);
  return { name, label: d?.label ?? name, kind: d?.kind ?? ("direct" as const) };
}

export function transactionView(t: Transaction, refunded?: Map<string, bigint>): TransactionRowView {
  const back = refunded?.get(t.id);
  return {
    id: t.id,
    type: t.type,
    status: t.status,
    amount: money(t.amount),
    fee: money(t.fee),
    chargedAmount: money(t.chargedAmount),
    currency: t.currency,
    orderId: t.orderId,
    countryCode: t.countryCode,
    network: t.network,
    phoneNumber: t.phoneNumber,
    beneficiary: t.beneficiary,
    failureReason: t.failureReason,
    callbackUrl: redactUrl(t.callbackUrl),
    route: routeView(t.route),
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    completedAt: t.completedAt,
    refundedAmount: back ? money(back) : null,
  };
}

export const timelineEntry = z.object({ id: z.string(), fromStatus: transactionStatusSchema.nullable(), toStatus: transactionStatusSchema, reason: z.string().nullable(), at: z.date() });
export const timelineView = (e: TransactionEvent): z.infer<typeof timelineEntry> => ({
  id: e.id,
  fromStatus: e.fromStatus,
  toStatus: e.toStatus,
  reason: e.reason,
  at: e.createdAt,
});

export const ledgerEntry = z.object({
  id: z.string(),
  transferId: z.string(),
  account: z.enum(["available", "in_flight", "network", "fees", "funding"]),
  kind: z.string(),
  amount: moneyText,
  currency: z.string(),
  at: z.date(),
});
export const ledgerView = (e: LedgerEntry): z.infer<typeof ledgerEntry> => ({
  id: e.id,
  transferId: e.transferId,
  account: e.account,
  kind: e.kind,
  amount: money(e.amount),
  currency: e.currency,
  at: e.createdAt,
});

export const eventStateSchema = z.enum(WEBHOOK_EVENT_STATES);
export const webhookAttempt = z.object({
  id: z.string(),
  at: z.date(),
  url: z.string(),
  statusCode: z.number().nullable(),
  durationMs: z.number(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
  endpointId: z.string().nullable(),
});
export const webhookEvent = z.object({
  id: z.string(),
  kind: z.enum(WEBHOOK_EVENT_KINDS),
  transactionId: z.string().nullable(),
  status: z.string(),
  state: eventStateSchema,
  attemptCount: z.number(),
  nextAttemptAt: z.date().nullable(),
  lastAttemptAt: z.date().nullable(),
  lastUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.date().nullable(),
  createdAt: z.date(),
  endpointId: z.string().nullable(),
  parentId: z.string().nullable(),
});
/** The delivery log's view (already redacted there) without the body the dashboard does not show. */
export const webhookEventView = ({ body: _body, ...event }: WebhookEventView): z.infer<typeof webhookEvent> => event;
export const attemptView = (a: WebhookAttemptView): z.infer<typeof webhookAttempt> => ({ ...a });

/** A KYC submission as the merchant (kyc router) and the operator (with its merchant) see it. */
export const kycSubmission = z.object({
  id: z.string(),
  legalName: z.string(),
  registrationNumber: z.string(),
  countryCode: z.string(),
  address: z.string(),
  representative: z.string(),
  status: kycStatusSchema,
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
  reviewedAt: z.date().nullable(),
});
export const kycSubmissionForOperator = kycSubmission.extend({ merchantId: z.string(), merchantName: z.string() });
/** Only the listed fields (the row also holds who submitted and reviewed it). */
export const kycSubmissionView = (s: z.input<typeof kycSubmission>) => kycSubmission.parse(s);
export const kycSubmissionForOperatorView = (s: z.input<typeof kycSubmissionForOperator>) => kycSubmissionForOperator.parse(s);
