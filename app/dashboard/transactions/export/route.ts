import { z } from "@/server/zod";
import { getDb } from "@/server/db/client";
import { getSessionUser } from "@/server/auth/session";
import { downloadRefusal } from "@/server/auth/dashboard-access";
import { toServiceFilters, transactionFiltersInput } from "@/server/payments/list-transactions";
import { transactionsCsvStream } from "@/server/reports/transactions-csv";
import { MODES } from "@/server/vocabulary";

export const dynamic = "force-dynamic";

const query = z.object({
  merchantId: z.string().min(1).max(64),
  mode: z.enum(MODES),
  status: transactionFiltersInput.shape.status,
  type: transactionFiltersInput.shape.type,
  countryCode: transactionFiltersInput.shape.countryCode,
  network: transactionFiltersInput.shape.network,
  createdFrom: z.coerce.date().optional(),
  createdBefore: z.coerce.date().optional(),
  q: transactionFiltersInput.shape.q,
});

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * GET /dashboard/transactions/export?merchantId=…&mode=…&<filters>: the filtered set as
 * CSV. Auth by the dashboard session (the link is a plain download), same rule as the
 * list: any member of the merchant, scoped by merchant and mode.
 */
export async function GET(req: Request) {
  const db = await getDb();
  const user = await getSessionUser(db);
  if (!user) return text(401, "Sign in to export transactions.");
  const params = Object.fromEntries([...new URL(req.url).searchParams].filter(([, v]) => v !== ""));
  const parsed = query.safeParse(params);
  if (!parsed.success) return text(422, "Invalid export filters.");
  const { merchantId, mode, ...filters } = parsed.data;
  // Member (else 404), live mode only once the address is verified, the team's 2FA rule (issue 22).
  const refused = await downloadRefusal(db, user, { merchantId, mode });
  if (refused) return text(refused.status, refused.message);
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(transactionsCsvStream(db, { merchantId, mode, filters: toServiceFilters(filters) }), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="sika-${mode}-transactions-${stamp}.csv"`,
      "cache-control": "no-store",
    },
  });
}
