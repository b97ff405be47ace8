import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { listSettlements, requestSettlement, settlementAmount, settlementView } from "@/server/settlements/settlements";
import { findBankAccount } from "@/server/settlements/bank-accounts";
import { createSettlementContract, listSettlementsContract } from "@/server/settlements/settlements.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createSettlementContract.request, async ({ db, auth, body }) => {
    const s = await requestSettlement(db, {
      ...auth,
      bankAccountId: body.bank_account_id,
      amount: settlementAmount(body.amount),
      source: "api",
      actor: { type: "api_key", id: auth.keyId, label: auth.keyId },
    });
    return success(settlementView(s, await findBankAccount(db, { ...auth, id: s.bankAccountId })), "Settlement requested");
  }),
  GET: endpoint(listSettlementsContract.request, async ({ db, auth, query }) => {
    const rows = await listSettlements(db, { ...auth, limit: query.limit + 1, startingAfter: query.starting_after });
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return success({ data: page.map((r) => settlementView(r.settlement, r.account)), has_more: more, next_starting_after: more ? page.at(-1)!.settlement.id : null }, "Settlements retrieved");
  }),
});
