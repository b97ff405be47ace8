import { CopyButton } from "./copy-button";

/** A dark code block with its language (or a title) and a copy button. */
export function CodeBlock({ code, title }: { code: string; title?: string }) {
  return (
    <div className="my-4 overflow-hidden rounded-lg bg-slate-900">
      <div className="flex items-center justify-between border-b border-slate-700/70 px-4 py-1.5">
        <span className="text-xs font-medium text-slate-400">{title ?? ""}</span>
        <CopyButton text={code} />
      </div>
      <pre className="!m-0 !rounded-none">
        <code>{code}</code>
      </pre>
    </div>
  );
}

export function Callout({ children, tone = "info" }: { children: React.ReactNode; tone?: "info" | "warn" }) {
  const colors = tone === "warn" ? "border-amber-300 bg-amber-50 text-amber-900" : "border-emerald-200 bg-emerald-50 text-emerald-900";
  return <div className={`my-4 rounded-lg border px-4 py-3 text-sm [&_p]:my-1 ${colors}`}>{children}</div>;
}

/** Tables scroll sideways inside their frame on narrow screens instead of widening the page. */
export function Table({ children }: { children: React.ReactNode }) {
  return (
    <div className="table-wrap">
      <table>{children}</table>
    </div>
  );
}
