import type { Transaction, TransactionType } from "../db/schema";
import type { HttpOptions, OperatorResult } from "./operator-http";
import type { Connector } from "./types";

/**
 * One operator integration, described once (issue 20). Everything that knows the operator
 * lives in its folder, `server/connectors/<operator>/`; `server/connectors/index.ts` lists
 * the descriptors and the registry, the routes, the callback route, the console's live
 * rails and `GET /api/v1/networks` loop over that list. The payments code knows only the
 * generic steps a descriptor answers with (CallbackStep) and the Connector interface.
 */
export type Direction = "payin" | "payout";
export type EnvValues = Record<string, string | undefined>;

/** A network in a country that the operator's API can reach, and in which directions. */
export interface ServedPair {
  country: string;
  /** Canonical catalog network id (server/catalog/coverage.ts). */
  network: string;
  directions: readonly Direction[];
}

export interface CallbackRequest {
  /** The path segments after `/api/connectors/{segment}/`. */
  path: string[];
  headers: Headers;
  rawBody: string;
}

/** What the generic callback handler offers an operator's callback code. */
export interface CallbackContext {
  /** A transaction of this operator's connector, by our id or by its stored idempotency handle. */
  find(by: { id?: string; operatorHandle?: string; type?: TransactionType }): Promise<Transaction | null>;
  /** Records a signed event's id; false when it was recorded before (a replay, on any instance). */
  firstSeen(eventId: string): Promise<boolean>;
}

/**
 * The generic steps a callback turns into (server/payments/connector-callbacks.ts runs them):
 *  - `query`: the transaction's status query runs now; the operator's answer decides.
 *  - `apply`: an outcome that is itself trustworthy (Daraja B2C result bound to a
 *    per-transaction secret and matched against the stored handle, amount and phone).
 *  - `answer`: nothing to do beyond answering (refused, ignored, not final).
 */
export type CallbackStep =
  | { kind: "query"; transactionId: string | null }
  | { kind: "apply"; transactionId: string; result: OperatorResult }
  | { kind: "answer"; status: number; body: Record<string, unknown> };

export type AnswerStep = Extract<CallbackStep, { kind: "answer" }>;

export const callbackAnswer = {
  ok: (note: string): AnswerStep => ({ kind: "answer", status: 200, body: { received: true, note } }),
  refused: (status: number, why: string): AnswerStep => ({ kind: "answer", status, body: { received: false, error: why } }),
};

export interface OperatorDescriptor<C = unknown> {
  /** Stored in transactions.connector and transactions.route; the route's name in LIVE_ROUTES. */
  name: string;
  /** The operator's name for people (console, docs, messages). */
  label: string;
  /** A direct operator API, or an aggregator reaching other operators' networks (D19). */
  kind: "direct" | "aggregator";
  /** The public pages the client was built from (docs/connectors.md). */
  docs: ReadonlyArray<{ title: string; url: string }>;
  /** Its environment variables (docs, README); readConfig reads only these. */
  envVars: readonly string[];
  /** `/api/connectors/{segment}/…` segments that reach this operator's callback handling. */
  callbackSegments: readonly string[];
  /** Every pair the operator's API can reach at all; its configuration narrows it (serves). */
  pairs: readonly ServedPair[];
  /** The operator's status -> ours (docs/connectors.md). */
  statusMapping: ReadonlyArray<readonly [operator: string, ours: string]>;
  /** Refunds of payins it carried go through its own refunds API (pawaPay); others are payouts. */
  refundsOwnPayins?: boolean;
  /** The configuration block, or null when incomplete (the operator is then not live anywhere). */
  readConfig(env: EnvValues): C | null;
  /** Whether the configuration serves this pair and direction. */
  serves(config: C, country: string, network: string, direction: Direction): boolean;
  build(config: C, opts: HttpOptions): Connector;
  /** Operator callbacks: parse, verify, and say which generic step follows. */
  callback(config: C | null, req: CallbackRequest, ctx: CallbackContext): Promise<CallbackStep>;
}

/** Lets `index.ts` list descriptors of different configuration types in one array. */
export const describe = <C>(d: OperatorDescriptor<C>): OperatorDescriptor<unknown> => d as OperatorDescriptor<unknown>;

export const pairKey = (country: string, network: string) => `${country.toUpperCase()}:${network.toLowerCase()}`;

/** `pairs` helper: one network in several countries, both directions unless told. */
export function pairsOf(network: string, countries: readonly string[], directions: readonly Direction[] = ["payin", "payout"]): ServedPair[] {
  return countries.map((country) => ({ country, network, directions }));
}

/** Whether a descriptor can reach the pair in this direction at all (ignoring configuration). */
export function reaches(d: OperatorDescriptor<unknown>, country: string, network: string, direction?: Direction): boolean {
  const key = pairKey(country, network);
  return d.pairs.some((p) => pairKey(p.country, p.network) === key && (!direction || p.directions.includes(direction)));
}

/** A callback body as JSON, or null when it is not JSON (operators send what they send). */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
