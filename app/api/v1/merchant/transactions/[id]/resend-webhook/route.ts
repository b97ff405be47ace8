import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { resendWebhook } from "@/server/webhooks/resend";
import { resendWebhookContract } from "@/server/webhooks/resend.contract";
import { wakeWorker } from "@/server/worker/loop";

// 4.4 / D10: a new event from the transaction's current state, attempted at once.
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(resendWebhookContract.request, async ({ db, auth, params }) => {
    const sent = await resendWebhook(db, { merchantId: auth.merchantId, mode: auth.mode, transactionId: params.id }, wakeWorker);
    return success({ transaction_id: sent.transactionId, webhook_url: sent.webhookUrl }, "Webhook resent");
  }),
});
