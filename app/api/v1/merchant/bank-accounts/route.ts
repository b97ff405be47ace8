import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { bankAccountView, listBankAccounts } from "@/server/settlements/bank-accounts";
import { listBankAccountsContract } from "@/server/settlements/settlements.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listBankAccountsContract.request, async ({ db, auth }) => success((await listBankAccounts(db, auth)).map(bankAccountView), "Bank accounts retrieved")),
});
