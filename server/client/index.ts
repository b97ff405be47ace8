import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, operations, paths } from "./generated/schema";

/**
 * The typed Sika client: openapi-fetch over the types openapi-typescript generated from
 * the OpenAPI document (`npm run generate:client`). Every path, parameter, body and
 * response is checked by TypeScript against the document.
 *
 *   const sika = createSikaClient({ baseUrl: "http://localhost:3000", apiKey: "sk_test_…" });
 *   const { data, error } = await sika.POST("/api/v1/merchant/payin", { body: {...} });
 */
export type { components, operations, paths };
export type SikaSchemas = components["schemas"];
export type WebhookPayload = SikaSchemas["WebhookPayload"];
export type SikaClient = Client<paths>;

export interface SikaClientOptions {
  /** Origin of the service, e.g. `https://pay.example.com` (paths already start with /api/v1). */
  baseUrl: string;
  /** `sk_test_…` or `sk_live_…`. */
  apiKey: string;
  /** Replaces globalThis.fetch (tests, proxies). */
  fetch?: (input: Request) => Promise<Response>;
  /** Sent on every request, e.g. a fixed `X-Request-Id` prefix of your own. */
  headers?: Record<string, string>;
}

export function createSikaClient(opts: SikaClientOptions): SikaClient {
  const client = createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ""),
    headers: { ...opts.headers },
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  // A middleware, not a default header, so the key never shows up in a logged config object.
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${opts.apiKey}`);
      return request;
    },
  };
  client.use(auth);
  return client;
}
