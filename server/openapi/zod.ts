import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

/**
 * zod with `.openapi(refId)` (zod-to-openapi), for the response schemas that become named
 * components. Importing this module extends the shared zod instance once; the request
 * schemas of server/payments need nothing of it.
 */
extendZodWithOpenApi(z);

export { z };
