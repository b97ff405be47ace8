import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { redeliverView } from "@/server/webhooks/developer-api";
import { redeliverEventContract } from "@/server/webhooks/events.contract";
import { wakeWorker } from "@/server/worker/loop";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(redeliverEventContract.request, async ({ db, auth, params, body }) =>
    success(await redeliverView(db, auth, params.id, body.endpoint_id, wakeWorker), "Redelivery scheduled"),
  ),
});
