/**
 * The request log's writer thread (issue 23; copy-thread-writer.ts starts it): receives
 * each batch as columns (log-batch.mjs) and sends it to PostgreSQL on its own connection,
 * so the rows' redaction, the COPY text and its bytes, the socket writes and the wait
 * for the answer all leave the thread that serves the API. One batch at a time, in
 * order; a connection that failed is dropped and the next batch opens a new one.
 */
import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { copyOnClient } from "./copy-in.mjs";
import { copyBinaryOf } from "./log-batch.mjs";

const { url, sql, statementTimeoutMs } = workerData;
let client = null;

async function connected() {
  if (client) return client;
  const c = new pg.Client({ connectionString: url, statement_timeout: statementTimeoutMs || undefined, application_name: "sika request log" });
  c.on("error", () => {
    if (client === c) client = null;
  });
  await c.connect();
  client = c;
  return c;
}

let chain = Promise.resolve();
parentPort.on("message", (message) => {
  if (message.type === "stop") {
    chain = chain.then(async () => {
      await client?.end().catch(() => {});
      client = null;
      parentPort.postMessage({ type: "stopped" });
    });
    return;
  }
  const { id, batch } = message;
  chain = chain.then(async () => {
    try {
      await copyOnClient(await connected(), sql, copyBinaryOf(batch));
      parentPort.postMessage({ type: "done", id });
    } catch (err) {
      const dead = client;
      client = null;
      dead?.end().catch(() => {});
      parentPort.postMessage({ type: "done", id, error: String(err?.message ?? err) });
    }
  });
});
