import { extendZodWithOpenApi } from "@asteasolutions/zod-to-openapi";
import { z, ZodError } from "zod";

/**
 * The one zod every server module imports (eslint forbids importing "zod" elsewhere).
 *
 * zod 4 copies prototype additions onto each schema when the schema is constructed, so
 * `.openapi()` (zod-to-openapi) exists only on schemas built AFTER `extendZodWithOpenApi`
 * ran. When the extension lived in the OpenAPI module, a process that first loaded a route
 * (whose request schemas were then built with plain zod) and only later the document builder
 * answered 500 `zodSchema.openapi is not a function` (issue 10 §7). Extending here, in the
 * module that hands out `z`, makes the order of module loading irrelevant.
 */
extendZodWithOpenApi(z);

export { z, ZodError };
