import { LocaleSwitch } from "@/components/shell/locale-switch";
import { LogoMark, ShieldIcon } from "@/components/ui/icons";

/**
 * The frame of the public payment pages: phone first (one column, 28 rem at most), no
 * images or web fonts to load on a slow connection, the language switch at the top.
 */
export function PayShell({ securedBy, testMode, children }: { securedBy: string; testMode?: string | null; children: React.ReactNode }) {
  return (
    <main className="min-h-screen bg-slate-100 px-4 py-5 sm:py-10">
      <div className="mx-auto w-full max-w-md space-y-4">
        <header className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <LogoMark className="h-7 w-7" />
            <span className="font-semibold text-slate-900">Sika</span>
          </div>
          <div className="flex items-center gap-3">
            <span className="hidden items-center gap-1 text-xs text-slate-500 sm:flex">
              <ShieldIcon className="h-4 w-4 text-emerald-700" />
              {securedBy}
            </span>
            <LocaleSwitch />
          </div>
        </header>
        {testMode ? <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{testMode}</p> : null}
        {children}
        <p className="flex items-center justify-center gap-1 text-xs text-slate-500 sm:hidden">
          <ShieldIcon className="h-4 w-4 text-emerald-700" />
          {securedBy}
        </p>
      </div>
    </main>
  );
}

export function PayCard({ children }: { children: React.ReactNode }) {
  return <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">{children}</section>;
}
