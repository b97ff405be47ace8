import { z } from "@/server/zod";
import { getDb } from "@/server/db/client";
import { getSessionUser } from "@/server/auth/session";
import { downloadRefusal } from "@/server/auth/dashboard-access";
import { checkPeriod, getStatement, statementPeriod } from "@/server/ledger/statements";
import { statementCsv, statementFileName } from "@/server/reports/statement-csv";
import { SPREADSHEET_BOM } from "@/server/reports/csv";
import { MODES } from "@/server/vocabulary";

export const dynamic = "force-dynamic";

const query = statementPeriod.extend({ merchantId: z.string().min(1).max(64), mode: z.enum(MODES) }).superRefine(checkPeriod);

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * GET /dashboard/statements/export?merchantId=…&mode=…&currency=…&from=…&to=…: the statement
 * as the API's CSV. Auth by the dashboard session (the button is a plain download); any
 * member may read it, scoped by merchant and mode.
 */
export async function GET(req: Request) {
  const db = await getDb();
  const user = await getSessionUser(db);
  if (!user) return text(401, "Sign in to download statements.");
  const parsed = query.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) return text(422, parsed.error.issues.map((i) => i.message).join(" "));
  const { merchantId, mode, currency, from, to } = parsed.data;
  // Member (else 404), live mode only once the address is verified, the team's 2FA rule (issue 22).
  const refused = await downloadRefusal(db, user, { merchantId, mode });
  if (refused) return text(refused.status, refused.message);
  const statement = await getStatement(db, { merchantId, mode, currency, from, to });
  return new Response(SPREADSHEET_BOM + statementCsv(statement), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${statementFileName(statement)}"`,
      "cache-control": "no-store",
    },
  });
}
