import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { cursorListBody } from "@/server/contracts/cursor-list";
import { listRequestLogs } from "@/server/request-logs/list-request-logs";
import { listRequestLogsContract, requestLogFilters } from "@/server/request-logs/request-logs.contract";
import { requestLogSummaryView } from "@/server/request-logs/api-views";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listRequestLogsContract.request, async ({ db, auth, query }) => {
    const page = await listRequestLogs(db, { ...auth, filters: requestLogFilters(query), cursor: query.cursor, limit: Number(query.limit) });
    return json(cursorListBody(page.items.map(requestLogSummaryView), page.nextCursor, Number(query.limit), "Request logs retrieved"));
  }),
});
