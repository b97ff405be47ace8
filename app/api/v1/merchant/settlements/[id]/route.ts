import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getSettlement, settlementView } from "@/server/settlements/settlements";
import { getSettlementContract } from "@/server/settlements/settlements.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getSettlementContract.request, async ({ db, auth, params }) => {
    const { settlement, account } = await getSettlement(db, { ...auth, id: params.id });
    return success(settlementView(settlement, account), "Settlement retrieved");
  }),
});
