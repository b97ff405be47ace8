import type { Metadata } from "next";
import { docsLocale } from "./docs-locale";
import { guides, guidesFor } from "./nav-items";

type GuideHref = (typeof guides)[number]["href"];

/**
 * A guide's `generateMetadata`: the tab title in the reader's language, the same title
 * the sidebar shows (a French reader used to see every guide's tab title in English).
 */
export function guideMetadata(href: GuideHref): () => Promise<Metadata> {
  return async () => {
    const guide = guidesFor(await docsLocale()).find((g) => g.href === href);
    return { title: guide?.title };
  };
}
