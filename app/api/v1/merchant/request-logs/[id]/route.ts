import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { errors } from "@/server/errors";
import { getRequestLog } from "@/server/request-logs/list-request-logs";
import { getRequestLogContract } from "@/server/request-logs/request-logs.contract";
import { requestLogView } from "@/server/request-logs/api-views";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(getRequestLogContract.request, async ({ db, auth, params }) => {
    const entry = await getRequestLog(db, { ...auth, id: params.id });
    if (!entry) throw errors.notFound("Request log not found");
    return success(requestLogView(entry), "Request log retrieved");
  }),
});
