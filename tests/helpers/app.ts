import { stopListening } from "@/server/auth/api-key-invalidation";
import type { AddressInfo } from "node:net";
import { setDatabaseHandle } from "@/server/db/client";
import { createLeanServer } from "@/server/http/node-server";
import { routeModules } from "@/app/api/route-modules.generated";
import { createMerchant, type CreateMerchantInput } from "@/server/merchants/create-merchant";
import { createTestDatabase, type TestDatabase } from "./test-db";
import { clearApiKeyCache } from "@/server/auth/api-keys";
import { forgetLimiters } from "@/server/rate-limit/store";
import { clearRateLimitAllowances } from "@/server/http/rate-limit";
import crypto from "node:crypto";
import { createResponseValidator, type ResponseValidator } from "./openapi-validator";
import { createSikaClient, type SikaClient } from "@/server/client";

/**
 * The real app over real HTTP on a real database: the App Router's route modules
 * served on node:http (the lean entry), bound to a fresh database for this test file.
 */
export interface TestApp {
  baseUrl: string;
  database: TestDatabase;
  request(
    path: string,
    init?: RequestInit & { key?: string | null; json?: unknown; /** false: skip the OpenAPI response check for this call. */ contract?: boolean },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON shapes
  ): Promise<{ status: number; body: any; headers: Headers }>;
  createMerchant(overrides?: Partial<CreateMerchantInput>): Promise<Awaited<ReturnType<typeof createMerchant>>>;
  /** The typed client (server/client) on this app, its responses checked like `request()`'s. */
  client(apiKey: string): SikaClient;
  close(): Promise<void>;
}

/**
 * Every /api/v1 response a test receives through `request()` is checked against the OpenAPI
 * document (status documented, body matching its schema) unless the app is started with
 * `{ contract: false }` or the call passes `contract: false`. One validator per process.
 */
export const CONTRACT_CHECK_BY_DEFAULT = true;
let sharedValidator: ResponseValidator | undefined;

export async function startTestApp(opts: { poolMax?: number; contract?: boolean } = {}): Promise<TestApp> {
  const validator = (opts.contract ?? CONTRACT_CHECK_BY_DEFAULT) ? (sharedValidator ??= createResponseValidator()) : undefined;
  const database = await createTestDatabase(opts);
  setDatabaseHandle(database);
  clearApiKeyCache();
  forgetLimiters();
  clearRateLimitAllowances();
  const server = createLeanServer({ routes: routeModules });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    database,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (init.key) headers.set("authorization", `Bearer ${init.key}`);
      let body = init.body;
      if (init.json !== undefined) {
        headers.set("content-type", "application/json");
        body = JSON.stringify(init.json);
      }
      const res = await fetch(baseUrl + path, { ...init, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON; keep the text
      }
      if (validator && init.contract !== false) validator.check(init.method ?? "GET", path, res.status, parsed);
      return { status: res.status, body: parsed, headers: res.headers };
    },
    client(apiKey) {
      return createSikaClient({
        baseUrl,
        apiKey,
        fetch: async (req) => {
          const res = await fetch(req);
          if (validator) {
            const text = await res.clone().text();
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON; keep the text
            }
            validator.check(req.method, req.url, res.status, parsed);
          }
          return res;
        },
      });
    },
    createMerchant(overrides = {}) {
      const tag = crypto.randomBytes(4).toString("hex");
      return createMerchant(database.db, {
        name: `Merchant ${tag}`,
        owner: { email: `owner-${tag}@example.com`, password: "correct horse battery" },
        withApiKeys: true,
        ...overrides,
      });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await stopListening();
      await database.destroy();
    },
  };
}
