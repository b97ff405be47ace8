import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Database } from "../db/client";
import { logger } from "../logger";
import { commands, describeError, UsageError } from "./admin-commands";

/**
 * The admin CLI while the development server runs (issue 24). PGlite is one process per
 * data folder, so the CLI cannot open the folder the server holds; instead the process
 * holding it serves the CLI's commands on a Unix socket beside the folder (mode 0600:
 * only the same OS user can connect, nothing listens on a network port), and the CLI,
 * finding the folder locked by a live process, sends its command there. The commands run
 * in the server's process on its open database: the very code the CLI runs itself.
 */
export interface AdminReply {
  /** 0 done, 1 failed, 2 usage error (the CLI's exit codes). */
  code: number;
  text?: string;
  json?: unknown;
  error?: string;
  usage?: string;
}

/** Beside the data folder when the path fits a socket address (~107 bytes), else in the temp folder. */
export function adminSocketPath(dataDir: string): string {
  const beside = path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.admin.sock`);
  if (Buffer.byteLength(beside) < 100) return beside;
  const hash = crypto.createHash("sha256").update(path.resolve(dataDir)).digest("hex").slice(0, 16);
  return path.join(os.tmpdir(), `sika-admin-${hash}.sock`);
}

async function runCommand(db: Database, name: string, argv: string[]): Promise<AdminReply> {
  const command = commands[name];
  if (!command) return { code: 2, error: `Unknown command "${name}".` };
  try {
    const result = await command.run(argv)(db);
    return { code: 0, text: result.text, json: result.json };
  } catch (err) {
    return { code: err instanceof UsageError ? 2 : 1, error: describeError(err), usage: err instanceof UsageError ? command.usage : undefined };
  }
}

/** Serves the CLI's commands for the process that holds the PGlite folder; closed with the process. */
export async function startAdminSocket(dataDir: string, db: Database): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  // This process holds the folder's lock: a socket file left there is a dead server's.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => {
      body += c;
      if (body.length > 64 * 1024) req.destroy();
    });
    req.on("end", async () => {
      let reply: AdminReply;
      try {
        const { name, argv } = JSON.parse(body) as { name: unknown; argv: unknown };
        if (typeof name !== "string" || !Array.isArray(argv) || !argv.every((a) => typeof a === "string")) throw new Error("bad request");
        reply = await runCommand(db, name, argv);
      } catch (err) {
        reply = { code: 1, error: (err as Error).message };
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply));
    });
  });
  const oldMask = process.umask(0o177); // the socket file is created 0600
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, resolve);
    });
  } finally {
    process.umask(oldMask);
  }
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  const cleanup = () => fs.rmSync(socketPath, { force: true });
  process.once("exit", cleanup);
  logger().debug({ socketPath }, "admin CLI socket listening");
  return () =>
    new Promise<void>((resolve) => {
      process.off("exit", cleanup);
      server.close(() => resolve());
      cleanup();
    });
}

/** The CLI's side: the command, run by the server holding `dataDir`. */
export function runThroughServer(dataDir: string, name: string, argv: string[]): Promise<AdminReply> {
  const socketPath = adminSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: "/", method: "POST", headers: { "content-type": "application/json" }, timeout: 60_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => {
        try {
          resolve(JSON.parse(body) as AdminReply);
        } catch (err) {
          reject(err);
        }
      });
    });
    req.on("timeout", () => req.destroy(new Error("the running server did not answer within 60 s")));
    req.on("error", (err) =>
      reject(new Error(`The embedded database ${dataDir} is held by a running server, and its admin socket ${socketPath} did not answer (${(err as Error).message}). Stop the server, or point DATABASE_URL at a PostgreSQL server.`)),
    );
    req.end(JSON.stringify({ name, argv }));
  });
}
