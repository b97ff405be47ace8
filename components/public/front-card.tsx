import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";

/**
 * A public page's one card (home, 404): an optional eyebrow, the title, a sentence, and
 * the ways on, the first of them the main one. `prefetch: false` for a page a visitor may not
 * reach (the dashboard, signed out): its prefetch is a redirect to /signin that Next then cancels.
 */
export function FrontCard({ testId, eyebrow, title, lead, links, large }: { testId: string; eyebrow?: string; title: string; lead: string; links: Array<{ href: string; label: string; prefetch?: false }>; large?: boolean }) {
  return (
    <AuthFrame>
      <div className={large ? "space-y-4" : "space-y-3"} data-testid={testId}>
        {eyebrow ? <p className="text-sm font-semibold text-emerald-700">{eyebrow}</p> : null}
        <h1 className={cx("font-semibold text-slate-900", large ? "text-3xl tracking-tight" : "text-xl")}>{title}</h1>
        <p className={large ? "text-base text-slate-600" : "text-sm text-slate-600"}>{lead}</p>
        <div className="flex flex-wrap gap-2 pt-2">
          {links.map((l, i) => (
            <Link key={l.href} href={l.href} prefetch={l.prefetch} className={buttonClass(i === 0 ? "primary" : "secondary")}>
              {l.label}
            </Link>
          ))}
        </div>
      </div>
    </AuthFrame>
  );
}
