import { DocsNav } from "../_components/docs-nav";

/** The guides: navigation beside (or, on phones, above) one readable column. */
export default function GuidesLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 md:flex md:gap-10 md:py-8">
      <aside className="md:sticky md:top-22 md:w-60 md:shrink-0 md:self-start">
        <DocsNav />
      </aside>
      <main className="min-w-0 flex-1 py-6 md:py-0">
        <article className="docs-prose max-w-3xl">{children}</article>
      </main>
    </div>
  );
}
