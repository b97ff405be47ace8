import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate, migrationsFolder, openPglite } from "@/server/db/client";

/**
 * A migrated, empty PGlite data directory, dumped once and loaded by every in-memory test
 * database. A fresh PGlite runs initdb, 2.5 to 4 s of CPU on a 2-core machine, and the
 * suite opens some seventy of them; loading the dump takes about 1.3 s. The dump is kept in
 * the temporary folder under a hash of the migrations and PGlite's own files, so a new
 * migration or PGlite version makes a new one; workers that build it at the same time each
 * write their own file and rename it into place (atomic), so none reads half a dump.
 */
let cached: Promise<Blob> | undefined;

export function pgliteTemplate(): Promise<Blob> {
  cached ??= loadOrBuild();
  return cached;
}

async function loadOrBuild(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `sika-pglite-template-${templateKey()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const handle = await openPglite();
  try {
    await migrate(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir("none");
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await handle.close();
  }
}

function templateKey(): string {
  const hash = crypto.createHash("sha256");
  const root = migrationsFolder();
  for (const file of (fs.readdirSync(root, { recursive: true }) as string[]).sort()) {
    const full = path.join(root, file);
    if (fs.statSync(full).isFile()) hash.update(`${file}\0`).update(fs.readFileSync(full));
  }
  // PGlite's version: a dump is only good for the PostgreSQL build that wrote it.
  const pglite = path.join(process.cwd(), "node_modules", "@electric-sql", "pglite", "package.json");
  hash.update(fs.readFileSync(pglite));
  return hash.digest("hex").slice(0, 16);
}
