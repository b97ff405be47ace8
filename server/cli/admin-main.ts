import { closeDatabase, getDb } from "../db/client";
import { seedReferenceData } from "../seed/reference-data";
import { commands, describeError, usage, UsageError } from "./admin-commands";

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
    const db = await getDb();
    await seedReferenceData(db);
    const result = await run(db);
    console.log(json ? JSON.stringify(result.json, null, 2) : result.text);
    return 0;
  } catch (err) {
    const message = describeError(err);
    if (json) console.error(JSON.stringify({ error: message }));
    else console.error(`Error: ${message}${err instanceof UsageError ? `\n\nUsage: npm run admin -- ${name} ${command.usage}` : ""}`);
    return err instanceof UsageError ? 2 : 1;
  } finally {
    await closeDatabase().catch(() => {});
  }
}

main().then((code) => process.exit(code));
