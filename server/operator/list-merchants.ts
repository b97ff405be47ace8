import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { memberships, merchants, users, type Merchant } from "../db/schema";

/** The operator console's merchant list: newest first, searchable by name, id or owner email. */
export interface MerchantListRow {
  id: string;
  name: string;
  kycStatus: Merchant["kycStatus"];
  createdAt: Date;
  ownerEmail: string | null;
  memberCount: number;
}

export async function listMerchantsForOperator(
  db: DbOrTx,
  input: { search?: string; kycStatus?: Merchant["kycStatus"]; limit?: number; offset?: number } = {},
): Promise<{ rows: MerchantListRow[]; total: number }> {
  // Spelled out: in a select list without joins drizzle writes columns unqualified, and a
  // bare "id" inside the subqueries below would bind to users.id instead.
  const merchantIdRef = sql.raw(`"merchants"."id"`);
  const where: SQL[] = [];
  if (input.kycStatus) where.push(eq(merchants.kycStatus, input.kycStatus));
  const q = input.search?.trim();
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const byOwner = sql`exists (select 1 from ${memberships} m join ${users} u on u.id = m.user_id where m.merchant_id = ${merchantIdRef} and lower(u.email) like lower(${like}))`;
    where.push(or(ilike(merchants.name, like), eq(merchants.id, q), byOwner)!);
  }
  const filter = where.length ? and(...where) : undefined;
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  const rows = await db
    .select({
      id: merchants.id,
      name: merchants.name,
      kycStatus: merchants.kycStatus,
      createdAt: merchants.createdAt,
      ownerEmail: sql<string | null>`(select u.email from ${memberships} m join ${users} u on u.id = m.user_id where m.merchant_id = ${merchantIdRef} and m.role = 'owner' order by m.created_at limit 1)`,
      memberCount: sql<number>`(select count(*)::int from ${memberships} m where m.merchant_id = ${merchantIdRef})`,
    })
    .from(merchants)
    .where(filter)
    .orderBy(desc(merchants.createdAt))
    .limit(limit)
    .offset(input.offset ?? 0);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(merchants).where(filter);
  return { rows: rows.map((r) => ({ ...r, memberCount: Number(r.memberCount) })), total: Number(total) };
}
