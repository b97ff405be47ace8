/**
 * `npm start`: the production process. Like `next start`, NODE_ENV defaults to production
 * and NEXT_RUNTIME is nodejs; both are set before anything else is loaded (React and Next
 * pick their production builds when first required), so the server itself is imported
 * afterwards (server/http/production-server.ts), and handed the route table of app/
 * (issue 26: server/ imports no app/ and discovers nothing on disk).
 */
// First: the resolution caches must be in place before the server is loaded (see the file).
import "./module-resolution-cache.mjs";

const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";
processEnv.NEXT_RUNTIME ??= "nodejs";
// next-auth builds its own links (sign-in, callbacks) from NEXTAUTH_URL only; with just
// PUBLIC_BASE_URL set it would fall back to localhost:3000 (issue 19 §11: one public URL).
if (processEnv.PUBLIC_BASE_URL) processEnv.NEXTAUTH_URL ??= processEnv.PUBLIC_BASE_URL;

const { runProduction } = await import("../server/http/production-server");
runProduction(async () => (await import("../app/api/route-modules.generated")).routeModules);

export {};
