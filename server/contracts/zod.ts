/** Kept for the OpenAPI modules' imports: the shared, extended zod (see server/zod.ts). */
export { z } from "../zod";
