/**
 * A webhook worker in its own process, for the crash test (tests/integration/webhooks-crash.test.ts):
 * opens the database (PostgreSQL URL or a PGlite folder), optionally seeds a merchant with
 * events, prints `{"ready":true,"eventIds":[…]}` and runs delivery batches until killed.
 * Usage: tsx webhook-worker-child.ts <postgres-url|pglite-dir> <receiver-url> <events> <leaseMs>
 */
import { migrate, openPglite, openPostgres } from "../../server/db/client";
import { createMerchant } from "../../server/merchants/create-merchant";
import { deliverWebhookBatch } from "../../server/webhooks/delivery-job";
import { transactionWithEvent } from "./webhooks";

async function main() {
  const [target, receiverUrl, count, leaseMs] = process.argv.slice(2);
  const handle = target.startsWith("postgres") ? await openPostgres(target, 5) : await openPglite(target);
  await migrate(handle);
  const eventIds: string[] = [];
  if (Number(count) > 0) {
    const m = await createMerchant(handle.db, {
      name: "Crash test",
      owner: { email: `crash-${process.pid}@example.com`, password: "correct horse battery" },
      webhookUrl: { test: receiverUrl },
    });
    for (let i = 0; i < Number(count); i++) eventIds.push((await transactionWithEvent(handle.db, { merchantId: m.merchantId })).eventId);
  }
  process.stdout.write(JSON.stringify({ ready: true, eventIds }) + "\n");
  for (;;) {
    const n = await deliverWebhookBatch(handle.db, { leaseMs: Number(leaseMs), concurrency: 4 });
    if (n === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

main().catch((err) => {
  process.stderr.write(String(err?.stack ?? err) + "\n");
  process.exit(1);
});
