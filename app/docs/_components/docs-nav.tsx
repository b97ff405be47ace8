"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLocale } from "@/components/i18n/provider";
import { guidesFor } from "./nav-items";

/** Sidebar on wide screens, a horizontal scroller on phones; the current guide highlighted. */
export function DocsNav() {
  const pathname = usePathname();
  const locale = useLocale();
  const guides = guidesFor(locale);
  const nav = useRef<HTMLElement>(null);
  // On phones the list scrolls sideways: bring the current guide into view (no vertical scroll).
  useEffect(() => {
    const el = nav.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"]');
    if (el && active && el.scrollWidth > el.clientWidth) el.scrollLeft = active.offsetLeft - (el.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Guides" className="-mx-4 overflow-x-auto border-b border-slate-200 px-4 md:mx-0 md:overflow-visible md:border-0 md:px-0">
      <ul className="flex gap-1 py-2 md:flex-col md:gap-0.5 md:py-0">
        {guides.map((g) => {
          const active = pathname === g.href;
          return (
            <li key={g.href} className="shrink-0">
              <Link
                href={g.href}
                aria-current={active ? "page" : undefined}
                className={`block whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${
                  active ? "bg-emerald-50 font-medium text-emerald-800" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                }`}
              >
                {g.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
