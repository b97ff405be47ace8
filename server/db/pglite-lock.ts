import fs from "node:fs";
import path from "node:path";

/**
 * PGlite must be opened by one process per data folder, or the folder is corrupted.
 * A pid lock file makes a second process (e.g. the admin CLI while the dev server
 * runs) fail with a clear message instead. A lock left by a dead process is taken over.
 */
/** The folder is held by another live process (the running server): the CLI goes through it instead. */
export class PgliteInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
  ) {
    super(`The embedded database ${dataDir} is in use by process ${holder} (probably the running server). Stop it first, or point DATABASE_URL at a PostgreSQL server.`);
    this.name = "PgliteInUseError";
  }
}

export function acquirePgliteLock(dataDir: string): () => void {
  const file = path.join(dataDir, "..", `${path.basename(dataDir)}.lock`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(file, "utf8"));
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) {
        throw new PgliteInUseError(dataDir, holder);
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
