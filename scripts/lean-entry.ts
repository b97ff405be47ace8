/**
 * `npm run start:api`: production by default, like `npm start` (production-entry.ts) and
 * `next start`. An operator who forgets NODE_ENV gets the production checks (settings
 * validated, no demo seed, SSRF guard on both modes), not development's conveniences
 * (issue 19 §2). NODE_ENV is set before anything else is loaded; the server itself is
 * server/http/lean-server.ts. Tests and benchmarks that want another mode pass NODE_ENV
 * explicitly. This file lives outside server/ because it hands the server the route table
 * of app/ (issue 26: server/ imports no app/ and discovers nothing on disk).
 */
// First: the resolution caches must be in place before the server is loaded (see the file).
import "./module-resolution-cache.mjs";

const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";

const { runLeanApi } = await import("../server/http/lean-server");
runLeanApi(async () => (await import("../app/api/route-modules.generated")).routeModules);

export {};
