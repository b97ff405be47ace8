"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/components/i18n/provider";
import type { MessageKey } from "@/components/i18n/messages";
import { cx } from "@/components/ui/cx";

const TABS: Array<{ href: string; label: MessageKey; exact?: boolean }> = [
  { href: "/dashboard/developers", label: "integrators.tabs.overview", exact: true },
  { href: "/dashboard/developers/endpoints", label: "integrators.tabs.endpoints" },
  { href: "/dashboard/developers/events", label: "integrators.tabs.events" },
  { href: "/dashboard/developers/logs", label: "integrators.tabs.logs" },
];

/** Developers' sections (issue 23): keys & secret, endpoints, events, request logs. Scrolls sideways on phones. */
export function DevelopersTabs() {
  const t = useT();
  const pathname = usePathname();
  return (
    <nav aria-label={t("developers.title")} className="-mx-4 mb-6 overflow-x-auto border-b border-slate-200 px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1">
        {TABS.map((tab) => {
          const active = tab.exact ? pathname === tab.href : pathname.startsWith(tab.href);
          return (
            <li key={tab.href}>
              <Link
                href={tab.href}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "inline-block whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium",
                  active ? "border-emerald-600 text-emerald-800" : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {t(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A status code as a coloured badge: 2xx green, 4xx amber, 5xx (and none) red. */
export function HttpStatus({ code }: { code: number | null }) {
  const tone = code === null || code >= 500 ? "bg-red-50 text-red-700 ring-red-200" : code >= 400 ? "bg-amber-50 text-amber-800 ring-amber-200" : code >= 300 ? "bg-sky-50 text-sky-800 ring-sky-200" : "bg-emerald-50 text-emerald-700 ring-emerald-200";
  return <span className={cx("inline-flex rounded-md px-1.5 py-0.5 font-mono text-xs font-medium ring-1 ring-inset", tone)}>{code ?? "—"}</span>;
}

/** A stored body (JSON text, maybe truncated): pretty-printed when it parses. */
export function BodyBlock({ text, empty }: { text: string | null; empty: string }) {
  if (!text) return <p className="text-sm text-slate-500">{empty}</p>;
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // truncated or not JSON: as stored
  }
  return <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-all rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800">{shown}</pre>;
}
