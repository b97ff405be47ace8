import fs from "node:fs";
import path from "node:path";

/**
 * The Scalar API reference bundle, served from the installed @scalar/api-reference
 * package (the machine is offline and the docs must not depend on a CDN). Read once.
 */
const file = path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");
let bundle: Buffer | undefined;

export async function GET(): Promise<Response> {
  bundle ??= fs.readFileSync(file);
  return new Response(new Uint8Array(bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
