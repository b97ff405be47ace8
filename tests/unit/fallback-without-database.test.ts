import { describe, expect, it } from "vitest";
import { fetchRequestView } from "@/server/http/api-request";
import { methodNotAllowed, notFound } from "@/server/http/api-route";
import { openDb } from "@/server/db/client";

/**
 * The 404 and 405 of /api/v1 go through the endpoint wrapper (a request id, the logs), but a
 * request without a key needs nothing stored: answering it must not open the database. This
 * file is its own process (vitest forks), so nothing else has opened one.
 */
describe("a 404 or 405 needs no database", () => {
  it("answers a request without a key with its request id, and opens no database", async () => {
    const lost = await notFound.serve(fetchRequestView(new Request("http://x/api/v1/merchant/payins", { method: "POST" })), {});
    const wrong = await methodNotAllowed.serve(fetchRequestView(new Request("http://x/api/v1/merchant/balances", { method: "DELETE" })), {});
    expect([lost.status, JSON.parse(lost.body)]).toEqual([404, { status: "error", message: "Not found", data: null }]);
    expect([wrong.status, JSON.parse(wrong.body)]).toEqual([405, { status: "error", message: "Method not allowed", data: null }]);
    for (const res of [lost, wrong]) expect(res.headers["x-request-id"]).toMatch(/^req_/);
    expect(openDb()).toBeUndefined();
  });
});
