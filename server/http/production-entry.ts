/**
 * `npm start`: the production process. Like `next start`, NODE_ENV defaults to production
 * and NEXT_RUNTIME is nodejs; both are set before anything else is loaded (React and Next
 * pick their production builds when first required), so the server itself is imported
 * afterwards (production-server.ts).
 */
const processEnv = process.env as Record<string, string | undefined>;
processEnv.NODE_ENV ??= "production";
processEnv.NEXT_RUNTIME ??= "nodejs";
// next-auth builds its own links (sign-in, callbacks) from NEXTAUTH_URL only; with just
// PUBLIC_BASE_URL set it would fall back to localhost:3000 (issue 19 §11: one public URL).
if (processEnv.PUBLIC_BASE_URL) processEnv.NEXTAUTH_URL ??= processEnv.PUBLIC_BASE_URL;

await import("./production-server");

export {};
