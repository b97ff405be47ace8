import crypto from "node:crypto";
import postgres from "postgres";
import { migrate, openPglite, openPostgres, type DatabaseHandle } from "@/server/db/client";
import { pgliteTemplate } from "./pglite-template";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a
 * newly created database on the PostgreSQL server of TEST_DATABASE_URL (dropped after).
 */
export interface TestDatabase extends DatabaseHandle {
  url?: string;
  destroy(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(opts: { poolMax?: number } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openPglite(undefined, { loadDataDir: await pgliteTemplate() });
    // Nothing to apply on the migrated template; kept so a database is never handed out unmigrated.
    await migrate(handle);
    return { ...handle, url: undefined, destroy: () => handle.close() };
  }
  const name = `sika_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), opts.poolMax ?? 20);
  await migrate(handle);
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
