import { connectorCallbackRoute } from "@/server/http/connector-callback-route";

// Operator callbacks (D15): thin, the work is in server/payments/connector-callbacks.ts.
export const dynamic = "force-dynamic";
export const POST = connectorCallbackRoute;
export const PUT = connectorCallbackRoute;
