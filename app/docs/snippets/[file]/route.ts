import fs from "node:fs";
import path from "node:path";

/** The webhook verification snippets the guide links to, as plain-text downloads. */
const dir = path.join(process.cwd(), "docs", "snippets");

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await ctx.params;
  // Only names that exist in docs/snippets: no path tricks can reach elsewhere.
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  if (!names.includes(file)) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(fs.readFileSync(path.join(dir, file)), {
    headers: { "content-type": "text/plain; charset=utf-8", "content-disposition": `inline; filename="${file}"` },
  });
}
