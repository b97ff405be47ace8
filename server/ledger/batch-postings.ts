import { jsonInsert } from "../db/raw";
import { ledgerEntries, type LedgerKind, type Transaction } from "../db/schema";
import { newId } from "../ids";
import type { Minor } from "../money";
import type { Leg } from "./transfers";

/**
 * The ledger's set-based postings, its only writers (issue 26): `transfersCtes` for any
 * transfers across wallets (postTransfer in transfers.ts runs it for one transfer; the
 * status transitions, payments/transitions.ts, for a whole group), and `reserveBatchCtes`
 * for the payout batch (payments/payout-batch.ts: many payout_reserve transfers on one
 * wallet, its id known, on the payout hot path). A wallet moves once, by the sum of its
 * legs. Raw SQL (see db/raw.ts); the wallet's CHECK constraint refuses a negative balance.
 */
export const LEDGER_ENTRY_KEYS = ["id", "transferId", "merchantId", "mode", "currency", "walletId", "account", "kind", "amount", "transactionId", "reference", "description"];

/** The payout_reserve legs of one payout (one transfer): available -charged, in_flight +charged. */
export function payoutReserveLegs(t: { id: string; merchantId: string; mode: Transaction["mode"]; currency: string; chargedAmount: Minor }, walletId: string) {
  const transferId = newId("ledgerTransfer");
  const leg = (account: "available" | "in_flight", amount: Minor) => ({
    id: newId("ledgerEntry"),
    transferId,
    merchantId: t.merchantId,
    mode: t.mode,
    currency: t.currency,
    walletId,
    account,
    kind: "payout_reserve" as const,
    amount,
    transactionId: t.id,
    reference: null,
    description: null,
  });
  return [leg("available", -t.chargedAmount), leg("in_flight", t.chargedAmount)];
}

/**
 * The wallet's lock `lk` and two data-modifying CTEs, `w` (the wallet UPDATE for the sum,
 * only if the wallet covers it; returns its id) and `le` (the legs, as JSON rows of LEDGER_ENTRY_KEYS, written only
 * if `w` moved the wallet), reading their values from the statement parameters numbered
 * here. The caller's own inserts guard on `exists (select 1 from w)` the same way, so a
 * wallet that cannot cover the sum leaves the statement with nothing written.
 */
export function reserveBatchCtes(param: { total: number; now: number; walletId: number; legs: number }): string {
  // SKIP LOCKED: the statement runs on its own (no BEGIN, no statement timeout of the
  // request's deadline), so it must never wait for a wallet another transaction holds; it
  // then writes nothing, like a wallet that cannot cover the sum. A lock this transaction
  // already holds (the look's FOR UPDATE) is not skipped.
  return `lk as (select id from wallets where id = $${param.walletId} for update skip locked),
      w as (
        update wallets set available = available - $${param.total}::bigint, in_flight = in_flight + $${param.total}::bigint, updated_at = $${param.now}::timestamptz
         where id = (select id from lk) and available >= $${param.total}::bigint returning id),
      le as (${jsonInsert(ledgerEntries, "ledger_entries", LEDGER_ENTRY_KEYS, param.legs)} where exists (select 1 from w))`;
}

/** A transfer of a set-based posting: its legs, on the wallet of (merchant, mode, currency). */
export interface KeyedTransfer {
  merchantId: string;
  mode: Transaction["mode"];
  currency: string;
  kind: LedgerKind;
  legs: Leg[];
  transactionId: string | null;
  reference?: string | null;
  description?: string | null;
}

const walletKey = (t: { merchantId: string; mode: string; currency: string }) => `${t.merchantId}\u0001${t.mode}\u0001${t.currency.toUpperCase()}`;

/**
 * The JSON rows for transfersCtes: every leg (one transfer id per transfer; zero legs
 * left out) and one row per wallet touched, with the id a wallet created here would get
 * (a payin's first credit; `walletId` when the caller knows it). Throws on an unbalanced
 * transfer.
 */
export function keyedTransferRows(transfers: KeyedTransfer[], walletId?: string): { legs: object[]; wallets: object[]; transferIds: string[] } {
  const legs: object[] = [];
  const wallets = new Map<string, object>();
  const transferIds: string[] = [];
  for (const t of transfers) {
    const total = t.legs.reduce((s, l) => s + l.amount, 0n);
    if (total !== 0n) throw new Error(`unbalanced transfer (${total})`);
    const transferId = newId("ledgerTransfer");
    transferIds.push(transferId);
    const currency = t.currency.toUpperCase();
    for (const leg of t.legs) {
      if (leg.amount === 0n) continue;
      legs.push({
        id: newId("ledgerEntry"),
        transfer_id: transferId,
        merchant_id: t.merchantId,
        mode: t.mode,
        currency,
        account: leg.account,
        kind: t.kind,
        amount: leg.amount.toString(),
        transaction_id: t.transactionId,
        reference: t.reference ?? null,
        description: t.description ?? null,
      });
    }
    const key = walletKey(t);
    if (!wallets.has(key) && t.legs.some((l) => l.amount !== 0n && WALLET_ACCOUNTS.includes(l.account))) {
      wallets.set(key, { id: walletId ?? newId("wallet"), merchant_id: t.merchantId, mode: t.mode, currency });
    }
  }
  return { legs, wallets: [...wallets.values()], transferIds };
}

const WALLET_ACCOUNTS: readonly string[] = ["available", "in_flight"];

/**
 * The ledger's one writer of transfers (issue 26: postTransfer, transfers.ts, is this for
 * one transfer; the status transitions embed it for a whole group), as data-modifying CTEs
 * over the JSON of keyedTransferRows (`legsJson`, `walletsJson`: SQL expressions), keeping
 * only the legs of transactions in the CTE `kept` (column `id`) when given:
 *  - `ol`  the legs kept;
 *  - `ow`  each wallet moved ONCE by the sum of its legs (returning its balances after):
 *          the existing ones locked in id order first (`lk`, so that two groups never wait
 *          on each other's wallets in a cycle) and updated; the missing ones (a payin's
 *          first credit) inserted, and one created meanwhile by another transaction (not in
 *          this statement's snapshot) updated through ON CONFLICT, which sees it. The
 *          wallets' CHECK constraints refuse a negative balance: a payout's (or refund's)
 *          wallet must exist, and inserted fresh its negative in_flight is refused;
 *  - `ole` the ledger entries, wallet legs on their wallet.
 * In an outcome posting `available` only grows and `in_flight` only shrinks, so moving a
 * wallet once by the sum hides no intermediate negative balance.
 */
export function transfersCtes(q: { legsJson: string; walletsJson: string; kept?: string; now: string }): string {
  const sameWallet = (a: string, b: string) => `(${a}.merchant_id, ${a}.mode, ${a}.currency) = (${b}.merchant_id, ${b}.mode, ${b}.currency)`;
  return `ol as (
        select x.* from json_to_recordset(${q.legsJson}) as x(id text, transfer_id text, merchant_id text, mode mode, currency text,
               account ledger_account, kind ledger_kind, amount bigint, transaction_id text, reference text, description text)
         ${q.kept ? `where x.transaction_id in (select id from ${q.kept})` : ""}),
      od as (
        select w.id, w.merchant_id, w.mode, w.currency,
               coalesce(sum(ol.amount) filter (where ol.account = 'available'), 0) as available,
               coalesce(sum(ol.amount) filter (where ol.account = 'in_flight'), 0) as in_flight
          from json_to_recordset(${q.walletsJson}) as w(id text, merchant_id text, mode mode, currency text)
          join ol on ${sameWallet("ol", "w")} and ol.account in ('available', 'in_flight')
         group by w.id, w.merchant_id, w.mode, w.currency),
      lk as materialized (
        select wl.id, wl.merchant_id, wl.mode, wl.currency from wallets wl join od on ${sameWallet("wl", "od")}
         order by wl.id for update of wl),
      owu as (
        update wallets wl
           set available = wl.available + od.available, in_flight = wl.in_flight + od.in_flight, updated_at = ${q.now}
          from lk join od on ${sameWallet("lk", "od")}
         where wl.id = lk.id
        returning wl.id, wl.merchant_id, wl.mode, wl.currency, wl.available, wl.in_flight),
      own as (
        insert into wallets as wl (id, merchant_id, mode, currency, available, in_flight, updated_at)
        select od.id, od.merchant_id, od.mode, od.currency, od.available, od.in_flight, ${q.now} from od
         where not exists (select 1 from lk where ${sameWallet("lk", "od")})
        on conflict (merchant_id, mode, currency) do update
           set available = wl.available + excluded.available, in_flight = wl.in_flight + excluded.in_flight, updated_at = excluded.updated_at
        returning wl.id, wl.merchant_id, wl.mode, wl.currency, wl.available, wl.in_flight),
      ow as (select * from owu union all select * from own),
      ole as (
        insert into ledger_entries (id, transfer_id, merchant_id, mode, currency, wallet_id, account, kind, amount, transaction_id, reference, description)
        select ol.id, ol.transfer_id, ol.merchant_id, ol.mode, ol.currency, ow.id, ol.account, ol.kind, ol.amount, ol.transaction_id, ol.reference, ol.description
          from ol left join ow on ol.account in ('available', 'in_flight') and (ow.merchant_id, ow.mode, ow.currency) = (ol.merchant_id, ol.mode, ol.currency)
        returning 1)`;
}
