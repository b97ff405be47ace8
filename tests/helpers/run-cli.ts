import { execFile } from "node:child_process";
import path from "node:path";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `scripts/admin.ts` as its own process, the way an operator would. */
export function runAdminCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const tsx = path.join(process.cwd(), "node_modules", ".bin", "tsx");
  return new Promise((resolve) => {
    execFile(tsx, ["scripts/admin.ts", ...args], { env: { ...process.env, ...env, LOG_LEVEL: "silent" }, timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
