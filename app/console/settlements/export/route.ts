import { getDb } from "@/server/db/client";
import { getSessionUser } from "@/server/auth/session";
import { bankTransferCsv } from "@/server/settlements/bank-transfer-csv";

export const dynamic = "force-dynamic";

const text = (status: number, body: string) => new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * GET /console/settlements/export?bank=…: the bank transfer file of the pending settlements
 * payable through one bank (issue 21). Operators only (the session's user, re-read).
 */
export async function GET(req: Request) {
  const db = await getDb();
  const user = await getSessionUser(db);
  if (!user) return text(401, "Sign in to export settlements.");
  if (!user.isOperator) return text(403, "Operators only.");
  const bank = new URL(req.url).searchParams.get("bank")?.slice(0, 140).trim();
  if (!bank) return text(422, "The bank parameter is required.");
  const file = await bankTransferCsv(db, bank);
  return new Response(file.csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
