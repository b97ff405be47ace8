import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { subscribe } from "@/server/status/subscribers";
import { clientAddress } from "@/server/auth/throttle";
import { subscribeContract } from "@/server/status/status.contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(subscribeContract.request, async ({ db, body, req }) => {
    await subscribe(db, { email: body.email, locale: body.locale, address: clientAddress(req.headers) });
    return success({ subscription: "pending_confirmation" as const }, "Check your mailbox to confirm");
  }),
});
