import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getStatement, statementView } from "@/server/ledger/statements";
import { statementCsv, statementFileName } from "@/server/reports/statement-csv";
import { getStatementContract } from "@/server/ledger/statements.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getStatementContract.request, async ({ db, auth, query }) => {
    const statement = await getStatement(db, { ...auth, currency: query.currency, from: query.from, to: query.to });
    if (query.format === "json") return success(statementView(statement), "Statement retrieved");
    return {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${statementFileName(statement)}"`,
        "cache-control": "no-store",
      },
      body: statementCsv(statement),
    };
  }),
});
