import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { cachedStatusOverview } from "@/server/status/overview";
import { getStatusContract, statusView } from "@/server/status/status.contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getStatusContract.request, async ({ db }) => success(statusView(await cachedStatusOverview(db)), "Status retrieved")),
});
