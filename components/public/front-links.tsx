import Link from "next/link";
import { buttonClass } from "@/components/ui/button";

/** The ways on from a public page (home, 404): the first is the main one. */
export function FrontLinks({ links }: { links: Array<{ href: string; label: string }> }) {
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      {links.map((l, i) => (
        <Link key={l.href} href={l.href} className={buttonClass(i === 0 ? "primary" : "secondary")}>
          {l.label}
        </Link>
      ))}
    </div>
  );
}
