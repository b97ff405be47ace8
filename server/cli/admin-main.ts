import { closeDatabase, getDb } from "../db/client";
import { PgliteInUseError } from "../db/pglite-lock";
import { seedReferenceData } from "../seed/reference-data";
import { commands, describeError, usage, UsageError } from "./admin-commands";
import { runThroughServer, type AdminReply } from "./admin-socket";

// `npm run admin -- <command> ...`: operator tasks against DATABASE_URL or the embedded database.
async function main(): Promise<number> {
  process.env.LOG_LEVEL ??= "warn";
  const [name, ...argv] = process.argv.slice(2);
  const json = argv.includes("--json");
  if (!name || name === "help" || name === "--help") {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  try {
    const run = command.run(argv); // bad arguments fail here, before the database opens
    const db = await getDb().catch((err) => {
      if (err instanceof PgliteInUseError) throw new HeldByServer(err.dataDir);
      throw err;
    });
    await seedReferenceData(db);
    const result = await run(db);
    console.log(json ? JSON.stringify(result.json, null, 2) : result.text);
    return 0;
  } catch (err) {
    // The development server holds the embedded database: the command runs in it (admin-socket.ts).
    if (err instanceof HeldByServer) return printReply(await runThroughServer(err.dataDir, name, argv), name, json);
    const message = describeError(err);
    if (json) console.error(JSON.stringify({ error: message }));
    else console.error(`Error: ${message}${err instanceof UsageError ? `\n\nUsage: npm run admin -- ${name} ${command.usage}` : ""}`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await closeDatabase().catch(() => {});
  }
}

class HeldByServer extends Error {
  constructor(readonly dataDir: string) {
    super("held by the running server");
  }
}

function printReply(reply: AdminReply, name: string, json: boolean): number {
  if (reply.code === 0) console.log(json ? JSON.stringify(reply.json, null, 2) : reply.text);
  else if (json) console.error(JSON.stringify({ error: reply.error }));
  else console.error(`Error: ${reply.error}${reply.usage ? `\n\nUsage: npm run admin -- ${name} ${reply.usage}` : ""}`);
  return reply.code;
}

main().then((code) => process.exit(code));
