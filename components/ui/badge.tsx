import { cx } from "./cx";

export type Tone = "green" | "amber" | "red" | "slate" | "blue";
const tones: Record<Tone, string> = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  amber: "bg-amber-50 text-amber-800 ring-amber-600/25",
  red: "bg-red-50 text-red-700 ring-red-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
  blue: "bg-sky-50 text-sky-800 ring-sky-600/20",
};

export function Badge({ tone = "slate", children, className }: { tone?: Tone; children: React.ReactNode; className?: string }) {
  return (
    <span className={cx("inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tones[tone], className)}>
      {children}
    </span>
  );
}

export const statusTone: Record<string, Tone> = {
  successful: "green",
  pending: "amber",
  failed: "red",
  cancelled: "slate",
  delivered: "green",
  skipped: "slate",
  approved: "green",
  rejected: "red",
  unverified: "slate",
};
