import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { merchants, users } from "../db/schema";
import { revokeApiKeyByKey } from "../auth/api-keys";
import { normaliseAllowedIps } from "../auth/key-restrictions";
import { hashPassword } from "../auth/passwords";
import { endSessions } from "../auth/user-sessions";
import { recordAudit } from "../audit/record";
import { creditWallet } from "../ledger/operator-credit";
import { createMerchant, findUserByEmail, normalizeEmail } from "../merchants/create-merchant";
import { setKycStatus } from "../merchants/kyc-status";
import { coverage } from "../catalog/coverage";
import { fitsCurrency, toAmount, toMinor } from "../money";
import { newId } from "../ids";
import { AppError } from "../errors";
import { API_KEY_SCOPES, isKycStatus, type ApiKeyScope } from "../vocabulary";
import { audited, recordAfter, type AuditScope } from "../audit/actors";
import { createRestrictedKey, listKeysOfMode } from "../auth/manage-api-keys";
import os from "node:os";

/** The admin CLI's changes are in the audit log (issue 22), naming the shell user and host. */
function cliScope(): AuditScope {
  let who = "";
  try {
    who = ` (${os.userInfo().username}@${os.hostname()})`;
  } catch {
    // no user database (some containers): the CLI alone
  }
  return { actor: { type: "cli", label: `admin CLI${who}` }, origin: { ip: null, userAgent: "sika-admin-cli" } };
}
import { enrolOperator } from "./enrol-operator";

/**
 * The operator CLI's commands (D13). Each takes argv (after the command name) and
 * returns a JSON-able result; the entry (scripts/admin.ts) prints it and sets the
 * exit code. UsageError = bad arguments (exit 2); other errors exit 1.
 */
export class UsageError extends Error {}

type Result = { json: unknown; text: string };
/** Phase one validates argv without a database (bad arguments fail fast); phase two runs. */
type Runner = (argv: string[]) => (db: Database) => Promise<Result>;

function parse<T extends Record<string, { type: "string" | "boolean"; multiple?: boolean }>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options: { ...options, json: { type: "boolean" } }, strict: true, allowPositionals: false }).values;
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

function required(values: Record<string, unknown>, name: string): string {
  const v = values[name];
  if (typeof v !== "string" || !v.trim()) throw new UsageError(`--${name} is required`);
  return v;
}

function mode(value: string): "test" | "live" {
  if (value !== "test" && value !== "live") throw new UsageError(`mode must be test or live, got "${value}"`);
  return value;
}

const currencies = new Set(coverage.flatMap((c) => c.currencies.map((x) => x.currency)));
function currency(value: string): string {
  const c = value.toUpperCase();
  if (!currencies.has(c)) throw new UsageError(`unknown currency "${value}" (one of ${[...currencies].join(", ")})`);
  return c;
}

/** Checked before anything is written: create-merchant would otherwise make the merchant, then fail its funding. */
function amount(value: string, currency: string): bigint {
  const m = toMinor(value);
  if (m === null || m <= 0n) throw new UsageError(`amount must be a positive number with at most 2 decimals, got "${value}"`);
  if (!fitsCurrency(m, currency)) throw new UsageError(`amount must be a whole number for ${currency}, got "${value}"`);
  return m;
}

async function requireMerchant(db: Database, id: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, id));
  if (!m) throw new UsageError(`no merchant ${id}`);
  return m;
}

const createMerchantCmd: Runner = (argv) => {
  const v = parse(argv, { name: { type: "string" }, email: { type: "string" }, password: { type: "string" }, kyc: { type: "string" }, fund: { type: "string", multiple: true } });
  const kyc = (v.kyc as string | undefined) ?? "unverified";
  if (!isKycStatus(kyc)) throw new UsageError(`--kyc must be unverified, pending, approved or rejected`);
  const funds = ((v.fund as string[] | undefined) ?? []).map((f) => {
    const [m, c, a, ...rest] = f.split(":");
    if (!m || !c || !a || rest.length) throw new UsageError(`--fund must look like test:XOF:1000000, got "${f}"`);
    const cur = currency(c);
    return { mode: mode(m), currency: cur, amount: amount(a, cur) };
  });
  const input = { name: required(v, "name"), owner: { email: required(v, "email"), password: required(v, "password") } };
  return async (db) => {
    const created = await createMerchant(db, { ...input, kycStatus: kyc as "approved", withApiKeys: true });
    await recordAfter(db, cliScope(), { merchantId: created.merchantId, action: "merchant.created", target: { type: "merchant", id: created.merchantId }, after: { name: input.name, owner: input.owner.email, kyc_status: kyc } });
    for (const f of funds) {
      const reference = `cli-initial-${created.merchantId}-${f.mode}-${f.currency}`;
      await audited(
        db,
        cliScope(),
        (tx) => creditWallet(tx, { merchantId: created.merchantId, ...f, reference, reason: "Initial funding (admin CLI)" }),
        (r) => ({ merchantId: created.merchantId, mode: f.mode, action: "wallet.credited", target: { type: "ledger_transfer", id: r.transferId }, after: { currency: f.currency, amount: toAmount(f.amount), reference } }),
      );
    }
    const json = { merchant_id: created.merchantId, test_api_key: created.testApiKey, live_api_key: created.liveApiKey, webhook_secret: created.webhookSecret, live_webhook_secret: created.liveWebhookSecret };
    return { json, text: Object.entries(json).map(([k, val]) => `${k}: ${val}`).join("\n") };
  };
};

const setKycCmd =
  (fixed?: "approved"): Runner =>
  (argv) => {
    const v = parse(argv, { merchant: { type: "string" }, status: { type: "string" }, reason: { type: "string" } });
    const status = fixed ?? required(v, "status");
    if (!isKycStatus(status)) throw new UsageError("--status must be unverified, pending, approved or rejected");
    const merchantId = required(v, "merchant");
    return async (db) => {
      const before = await requireMerchant(db, merchantId);
      const m = await audited(
        db,
        cliScope(),
        (tx) => setKycStatus(tx, { merchantId, status: status as "approved", rejectionReason: (v.reason as string) ?? null }),
        (after) => ({
          merchantId,
          action: "kyc.status_set",
          target: { type: "merchant", id: merchantId },
          before: { kyc_status: before.kycStatus },
          after: { kyc_status: after.kycStatus, reason: (v.reason as string) ?? null },
        }),
      );
      return { json: { merchant_id: m.id, kyc_status: m.kycStatus }, text: `${m.id}: KYC ${m.kycStatus}` };
    };
  };

const creditCmd: Runner = (argv) => {
  const v = parse(argv, { merchant: { type: "string" }, mode: { type: "string" }, currency: { type: "string" }, amount: { type: "string" }, reference: { type: "string" }, reason: { type: "string" } });
  const merchantId = required(v, "merchant");
  const cur = currency(required(v, "currency"));
  const input = {
    merchantId,
    mode: mode(required(v, "mode")),
    currency: cur,
    amount: amount(required(v, "amount"), cur),
    reference: required(v, "reference"),
    reason: (v.reason as string | undefined) ?? "Operator credit (admin CLI)",
  };
  return async (db) => {
    await requireMerchant(db, merchantId);
    const r = await audited(
      db,
      cliScope(),
      (tx) => creditWallet(tx, input),
      (c) =>
        c.created
          ? { merchantId, mode: input.mode, action: "wallet.credited", target: { type: "ledger_transfer", id: c.transferId }, after: { currency: input.currency, amount: toAmount(input.amount), reference: input.reference, reason: input.reason } }
          : null,
    );
    const json = { merchant_id: merchantId, wallet_id: r.walletId, transfer_id: r.transferId, available_balance: toAmount(r.available), created: r.created };
    return { json, text: r.created ? `credited; available balance ${toAmount(r.available)}` : `reference already credited (transfer ${r.transferId}); nothing moved` };
  };
};

const revokeKeyCmd: Runner = (argv) => {
  const key = required(parse(argv, { key: { type: "string" } }), "key");
  return async (db) => {
    const revoked = await audited(
      db,
      cliScope(),
      (tx) => revokeApiKeyByKey(tx, key),
      (r) => (r ? { merchantId: r.merchantId, mode: key.startsWith("sk_live_") ? "live" : "test", action: "api_key.revoked", target: { type: "api_key", id: r.id }, before: { display_prefix: key.slice(0, 12) } } : null),
    );
    if (!revoked) throw new UsageError("no active API key matches --key");
    return { json: { key_id: revoked.id, merchant_id: revoked.merchantId, revoked: true }, text: `revoked ${revoked.id}` };
  };
};

const createKeyCmd: Runner = (argv) => {
  const v = parse(argv, { merchant: { type: "string" }, mode: { type: "string" }, name: { type: "string" }, scope: { type: "string" }, "allowed-ips": { type: "string" } });
  const merchantId = required(v, "merchant");
  const keyMode = mode(required(v, "mode"));
  const scope = (v.scope as string | undefined) ?? "full";
  if (!(API_KEY_SCOPES as readonly string[]).includes(scope)) throw new UsageError(`--scope must be ${API_KEY_SCOPES.join(" or ")}, got "${scope}"`);
  const ips = normaliseAllowedIps((v["allowed-ips"] as string | undefined) ?? null);
  if (!ips.ok) throw new UsageError(`--allowed-ips: ${ips.message}`);
  return async (db) => {
    await requireMerchant(db, merchantId);
    const k = await createRestrictedKey(db, { merchantId, mode: keyMode, name: (v.name as string) ?? "CLI key", scope: scope as ApiKeyScope, allowedIps: ips.value }, cliScope());
    const limits = `${k.scope === "read_only" ? "read-only" : "full access"}${k.allowed_ips ? `, from ${k.allowed_ips.join(" ")}` : ", from any address"}`;
    return { json: { key_id: k.id, api_key: k.key, mode: k.mode, scope: k.scope, allowed_ips: k.allowed_ips }, text: `${k.key}  (shown once; ${limits})` };
  };
};

const listKeysCmd: Runner = (argv) => {
  const v = parse(argv, { merchant: { type: "string" }, mode: { type: "string" } });
  const merchantId = required(v, "merchant");
  const modes = v.mode ? [mode(v.mode as string)] : (["test", "live"] as const);
  return async (db) => {
    await requireMerchant(db, merchantId);
    const rows = (await Promise.all(modes.map((m) => listKeysOfMode(db, { merchantId, mode: m })))).flat();
    const text = rows
      .map((k) => `${k.id}  ${k.display_prefix}…  ${k.scope.padEnd(9)}  ${(k.allowed_ips ?? ["any address"]).join(" ")}  ${k.revoked_at ? "revoked" : "active"}  ${k.name ?? ""}`)
      .join("\n");
    return { json: rows, text: text || "(no keys)" };
  };
};

/**
 * Creates the operator account. An existing account is refused (issue 19 §1): sign-up is
 * open, so anyone could have registered the operator's address first and would otherwise be
 * promoted with their own password. `--reset-existing` takes the account over instead: the
 * given password replaces theirs and every session of the account ends.
/**
 * Issue 22: an existing account becomes an operator only once its email is verified; an
 * account the CLI creates is vouched for by whoever runs it (verified). Operators must have
 * two-factor sign-in in production: `--totp-secret BASE32` enrols the account with that
 * secret, `--totp` with a new one (printed once with its otpauth:// URI and recovery codes);
 * without either the operator turns it on in the console before using it.
 */
const createOperatorCmd: Runner = (argv) => {
  const v = parse(argv, { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, "reset-existing": { type: "boolean" }, totp: { type: "boolean" }, "totp-secret": { type: "string" } });
  const email = normalizeEmail(required(v, "email"));
  const password = required(v, "password");
  if (password.length < 8) throw new UsageError("--password must be at least 8 characters");
  const takeOver = v["reset-existing"] === true;
  const givenSecret = v["totp-secret"] as string | undefined;
  if (givenSecret !== undefined && !/^[A-Z2-7]{26,64}$/.test(givenSecret)) throw new UsageError("--totp-secret must be base32 (A-Z, 2-7), 26 to 64 characters (at least 128 bits)");
  return async (db) => {
    const passwordHash = await hashPassword(password);
    const made = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && !takeOver) {
        throw new Error(
          `an account with ${email} already exists (anyone can sign up): it was not made an operator. ` +
            "Check who owns it; to take it over with the password you gave and end its sessions, add --reset-existing",
        );
      }
      if (existing) {
        // Taking it over: the administrator vouches for the address (issue 22: operators are verified).
        await tx
          .update(users)
          .set({ isOperator: true, passwordHash, emailVerifiedAt: existing.emailVerifiedAt ?? new Date(), updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await endSessions(tx, existing.id);
        await recordAudit(tx, { merchantId: null, actor: { type: "cli" }, action: "operator.promoted", target: { type: "user", id: existing.id }, after: { email, password_reset: true, sessions_ended: true } });
        return { id: existing.id, promoted: true };
      }
      const id = newId("user");
      await tx.insert(users).values({ id, email, name: (v.name as string) ?? null, passwordHash, isOperator: true, emailVerifiedAt: new Date() });
      await recordAudit(tx, { merchantId: null, actor: { type: "cli" }, action: "operator.created", target: { type: "user", id }, after: { email } });
      return { id, promoted: false };
    });
    const enrol = v.totp || givenSecret ? await enrolOperator(db, { id: made.id, email }, givenSecret) : null;
    const said = made.promoted ? `${email} is now an operator; its password was replaced and its sessions ended` : `operator ${email} created`;
    const text = `${said}${enrol ? `\ntwo-factor sign-in on; add to an authenticator app:\n  ${enrol.uri}\nrecovery codes (shown once):\n  ${enrol.recoveryCodes.join("\n  ")}` : ""}`;
    return {
      json: { user_id: made.id, email, operator: true, ...(made.promoted ? { password_reset: true } : {}), two_factor: enrol ? { otpauth_uri: enrol.uri, recovery_codes: enrol.recoveryCodes } : null },
      text,
    };
  };
};

const listMerchantsCmd: Runner = (argv) => {
  parse(argv, {});
  return async (db) => {
    const rows = await db.select({ id: merchants.id, name: merchants.name, kyc_status: merchants.kycStatus }).from(merchants).orderBy(merchants.createdAt);
    return { json: rows, text: rows.map((r) => `${r.id}  ${r.kyc_status.padEnd(10)}  ${r.name}`).join("\n") || "(no merchants)" };
  };
};

export const commands: Record<string, { run: Runner; usage: string }> = {
  "create-merchant": { run: createMerchantCmd, usage: "--name N --email E --password P [--kyc approved] [--fund test:XOF:1000000]... [--json]" },
  "approve-kyc": { run: setKycCmd("approved"), usage: "--merchant ID [--json]" },
  "set-kyc": { run: setKycCmd(), usage: "--merchant ID --status unverified|pending|approved|rejected [--reason R] [--json]" },
  credit: { run: creditCmd, usage: "--merchant ID --mode test|live --currency CUR --amount N --reference R [--reason R] [--json]" },
  "create-key": { run: createKeyCmd, usage: "--merchant ID --mode test|live [--name N] [--scope full|read_only] [--allowed-ips 203.0.113.0/24,10.0.0.1] [--json]" },
  "list-keys": { run: listKeysCmd, usage: "--merchant ID [--mode test|live] [--json]" },
  "revoke-key": { run: revokeKeyCmd, usage: "--key <the full key> [--json]" },
  "create-operator": { run: createOperatorCmd, usage: "--email E --password P [--name N] [--reset-existing] [--totp | --totp-secret BASE32] [--json]" },
  "list-merchants": { run: listMerchantsCmd, usage: "[--json]" },
};

export function usage(): string {
  return ["Usage: npm run admin -- <command> [options]", "", ...Object.entries(commands).map(([n, c]) => `  ${n} ${c.usage}`)].join("\n");
}

export function describeError(err: unknown): string {
  if (err instanceof AppError && err.data && typeof err.data === "object") {
    return `${err.message}: ${Object.entries(err.data as Record<string, string[]>).map(([f, m]) => `${f}: ${[m].flat().join(" ")}`).join("; ")}`;
  }
  return (err as Error).message;
}
