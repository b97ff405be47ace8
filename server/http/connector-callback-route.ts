import { getDb } from "../db/client";
import { AppError } from "../errors";
import { logger } from "../logger";
import { handleConnectorCallback } from "../payments/connector-callbacks";
import type { RouteContext } from "./api-route";
import { BODY_CAPS } from "./body-caps";
import { readCappedText } from "./body-limit";

/** POST|PUT /api/connectors/{network}/...: operator callbacks (server/payments/connector-callbacks.ts). */
export async function connectorCallbackRoute(req: Request, ctx: RouteContext): Promise<Response> {
  const params = (await ctx.params) as { network?: string; path?: string[] };
  let rawBody: string;
  try {
    // Unauthenticated until the operator's signature or secret is checked: capped (issue 19 §5),
    // here too so `next start` and every new operator's callback get the cap.
    rawBody = await readCappedText(req, BODY_CAPS.callback);
  } catch (err) {
    if (err instanceof AppError && err.code === "payload_too_large") {
      return Response.json({ received: false, error: "Payload too large" }, { status: 413, headers: { connection: "close" } });
    }
    return Response.json({ received: false, error: "Unreadable body" }, { status: 400 });
  }
  try {
    const answer = await handleConnectorCallback(await getDb(), {
      network: params.network ?? "",
      path: params.path ?? [],
      headers: req.headers,
      rawBody,
    });
    return Response.json(answer.body, { status: answer.status });
  } catch (err) {
    logger().error({ err, network: params.network }, "connector callback failed");
    // A 5xx makes the operator retry later, which is what we want when we could not act.
    return Response.json({ received: false, error: "Internal server error" }, { status: 500 });
  }
}
