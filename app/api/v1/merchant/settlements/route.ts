import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { creationResponse } from "@/server/http/creation-response";
import { listSettlements, settlementView } from "@/server/settlements/settlements";
import { createSettlement } from "@/server/settlements/create-settlement";
import { createSettlementContract, listSettlementsContract } from "@/server/settlements/settlements.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(createSettlementContract.request, async ({ db, auth, body, req }) =>
    creationResponse(await createSettlement(db, { ...auth, requester: auth, body, idempotencyKey: req.headers.get("idempotency-key") }), "Settlement requested"),
  ),
  GET: endpoint(listSettlementsContract.request, async ({ db, auth, query }) => {
    const rows = await listSettlements(db, { ...auth, limit: query.limit + 1, startingAfter: query.starting_after });
    const page = rows.slice(0, query.limit);
    const more = rows.length > query.limit;
    return success({ data: page.map((r) => settlementView(r.settlement, r.account)), has_more: more, next_starting_after: more ? page.at(-1)!.settlement.id : null }, "Settlements retrieved");
  }),
});
