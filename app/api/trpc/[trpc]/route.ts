import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/app-router";
import { createTrpcContext } from "@/server/trpc/context";
import { logger } from "@/server/logger";

export const dynamic = "force-dynamic";

function handler(req: Request) {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: createTrpcContext,
    // The dashboard's data (balances, transactions, keys): no cache on the way may keep it (docs/security.md).
    responseMeta: () => ({ headers: new Headers({ "cache-control": "no-store" }) }),
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") logger().error({ err: error.cause ?? error, path }, "trpc procedure failed");
    },
  });
}

export { handler as GET, handler as POST };
