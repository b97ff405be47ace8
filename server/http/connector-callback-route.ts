import { getDb } from "../db/client";
import { logger } from "../logger";
import { handleConnectorCallback } from "../payments/connector-callbacks";
import type { RouteContext } from "./api-route";

/** POST|PUT /api/connectors/{network}/...: operator callbacks (server/payments/connector-callbacks.ts). */
export async function connectorCallbackRoute(req: Request, ctx: RouteContext): Promise<Response> {
  const params = (await ctx.params) as { network?: string; path?: string[] };
  try {
    const answer = await handleConnectorCallback(await getDb(), {
      network: params.network ?? "",
      path: params.path ?? [],
      headers: req.headers,
      rawBody: await req.text(),
    });
    return Response.json(answer.body, { status: answer.status });
  } catch (err) {
    logger().error({ err, network: params.network }, "connector callback failed");
    // A 5xx makes the operator retry later, which is what we want when we could not act.
    return Response.json({ received: false, error: "Internal server error" }, { status: 500 });
  }
}
