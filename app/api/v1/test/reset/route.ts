import { endpoint, route } from "@/server/http/api-route";
import { success } from "@/server/http/envelope";
import { resetTestData } from "@/server/test-mode/reset-test-data";
import { resetTestDataContract } from "@/server/test-mode/test-mode.contract";

// Test keys only: the merchant's test data goes, live data and settings stay (docs/testing.md).
export const { GET, POST, PUT, PATCH, DELETE } = route({
  POST: endpoint(resetTestDataContract.request, async ({ db, auth, req }) => {
    const counts = await resetTestData(db, {
      ...auth,
      actor: { type: "api_key", id: auth.keyId, label: `API key ${auth.keyId}` },
      origin: { ip: req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? null, userAgent: req.headers.get("user-agent") },
    });
    return success(counts, "Test data reset");
  }),
});
