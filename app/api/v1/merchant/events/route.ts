import { endpoint, route } from "@/server/http/api-route";
import { json } from "@/server/http/envelope";
import { eventsPage } from "@/server/webhooks/developer-api";
import { eventFilters, listEventsContract } from "@/server/webhooks/events.contract";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  GET: endpoint(listEventsContract.request, async ({ db, auth, query }) => json(await eventsPage(db, auth, eventFilters(query), query))),
});
