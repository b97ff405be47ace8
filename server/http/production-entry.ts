/**
 * `npm start`: the production process. Like `next start`, NODE_ENV defaults to production
 * and NEXT_RUNTIME is nodejs; both are set before anything else is loaded (React and Next
 * pick their production builds when first required), so the server itself is imported
 * afterwards (production-server.ts).
 */
const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";
processEnv.NEXT_RUNTIME ??= "nodejs";

await import("./production-server");

export {};
