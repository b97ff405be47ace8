/**
 * COPY FROM STDIN on a node-postgres client, as a "submittable" (the interface
 * pg-copy-streams uses), so no dependency is added. Plain JavaScript: both the in-process
 * writer (copy-rows.ts) and the writer thread (copy-thread.mjs) load it. The client calls
 * these handlers with the server's messages; ReadyForQuery ends the exchange, after an
 * error too.
 */
export class PgCopyIn {
  #sql;
  #payload;
  #done;
  #error = undefined;
  #settled = false;
  constructor(sql, payload, done) {
    this.#sql = sql;
    this.#payload = payload;
    this.#done = done;
  }
  submit(connection) {
    connection.query(this.#sql);
  }
  handleCopyInResponse(connection) {
    connection.sendCopyFromChunk(this.#payload);
    connection.endCopyFrom();
  }
  handleError(err) {
    // A connection that died sends no ReadyForQuery: answer now.
    this.#error ??= err;
    this.#finish();
  }
  handleReadyForQuery() {
    this.#finish();
  }
  #finish() {
    if (this.#settled) return;
    this.#settled = true;
    this.#done(this.#error);
  }
  handleCommandComplete() {}
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/** Runs one COPY of `payload` on a connected node-postgres client; rejects when PostgreSQL refuses it. */
export function copyOnClient(client, sql, payload) {
  return new Promise((resolve, reject) => client.query(new PgCopyIn(sql, payload, (err) => (err ? reject(err) : resolve()))));
}
