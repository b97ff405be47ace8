import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { getBulkBatch } from "@/server/payments/bulk-payouts/get-bulk-batch";
import { getBulkBatchContract } from "@/server/payments/bulk-payouts/bulk-payouts.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getBulkBatchContract.request, async ({ db, auth, params }) =>
    success(await getBulkBatch(db, { ...auth, batchId: params.batch_id }), "Bulk payout batch retrieved"),
  ),
});
