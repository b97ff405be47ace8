/**
 * `npm run admin -- <command> ...`: operator tasks against DATABASE_URL (or the embedded
 * database). Production by default (issue 19 §2): the same secrets key, hash cost and
 * checks as the server it administers; `NODE_ENV=development npm run admin …` for a
 * development database. NODE_ENV is set before the commands are loaded.
 */
// First: the resolution caches must be in place before the server is loaded (see the file).
import "./module-resolution-cache.mjs";

const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";

await import("../server/cli/admin-main");

export {};
