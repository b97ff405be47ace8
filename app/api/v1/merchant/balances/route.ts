import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { balanceView, getBalances } from "@/server/ledger/balances";
import { getBalancesContract } from "@/server/ledger/balances.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getBalancesContract.request, async ({ db, auth }) => success((await getBalances(db, auth)).map(balanceView), "Balances retrieved")),
});
