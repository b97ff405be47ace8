/**
 * `npm run start:api`: production by default, like `npm start` (production-entry.ts) and
 * `next start`. An operator who forgets NODE_ENV gets the production checks (settings
 * validated, no demo seed, SSRF guard on both modes), not development's conveniences
 * (issue 19 §2). NODE_ENV is set before anything else is loaded; the server itself is
 * lean-server.ts. Tests and benchmarks that want another mode pass NODE_ENV explicitly.
 */
const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";

await import("./lean-server");

export {};
