import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { eventDetail } from "@/server/webhooks/developer-api";
import { getEventContract } from "@/server/webhooks/events.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getEventContract.request, async ({ db, auth, params }) => success(await eventDetail(db, auth, params.id), "Event retrieved")),
});
