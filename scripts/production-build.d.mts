// Types of scripts/production-build.mjs (a plain module: the Playwright server script runs it with node).
export declare const PRODUCTION_DIST_DIR: string;
export declare function sourceStamp(root: string): string | null;
export declare function ensureProductionBuild(opts: { root: string; distDir?: string; env: Record<string, string | undefined>; pgliteDir: string }): { built: boolean };
