import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { balanceView, getBalances } from "@/server/ledger/balances";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint({ auth: "merchant" }, async ({ db, auth }) => success((await getBalances(db, auth)).map(balanceView), "Balances retrieved")),
});
