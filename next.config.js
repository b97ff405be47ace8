/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM + data files that must be loaded from node_modules, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pino", "postgres"],
  poweredByHeader: false,
  // Parallel dev servers / builds in one checkout each need their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  // The e2e run builds the app once more; it type-checks separately (npm run typecheck).
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
};

export default nextConfig;
