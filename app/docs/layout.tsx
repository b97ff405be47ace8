import type { Metadata } from "next";
import Link from "next/link";
import "./docs.css";
import { LocaleSwitch } from "@/components/shell/locale-switch";
import { docsLocale } from "./_components/docs-locale";

export async function generateMetadata(): Promise<Metadata> {
  if ((await docsLocale()) === "fr") {
    return {
      title: { default: "Documentation de l’API Sika", template: "%s · Documentation de l’API Sika" },
      description: "Guides et référence de l’API Sika : encaissements et décaissements mobile money, webhooks.",
    };
  }
  return {
    title: { default: "Sika API docs", template: "%s · Sika API docs" },
    description: "Guides and the API reference for Sika mobile money payins, payouts and webhooks.",
  };
}

/** Shared by the guides and the API reference: a slim header with the two halves of the docs. */
export default async function DocsLayout({ children }: { children: React.ReactNode }) {
  const fr = (await docsLocale()) === "fr";
  return (
    <div className="min-h-screen bg-white">
      <header className="sticky top-0 z-30 h-14 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-6">
          <Link href="/docs" className="flex items-center gap-2 font-semibold text-slate-900">
            <span aria-hidden className="grid h-7 w-7 place-items-center rounded-md bg-emerald-600 text-sm font-bold text-white">
              S
            </span>
            <span className="hidden whitespace-nowrap min-[400px]:inline">
              Sika <span className="hidden font-normal text-slate-500 sm:inline">docs</span>
            </span>
            <span className="sr-only min-[400px]:hidden">Sika docs</span>
          </Link>
          <nav aria-label="Docs sections" className="flex min-w-0 items-center gap-0.5 text-sm sm:gap-2">
            <Link href="/docs" className="whitespace-nowrap rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              Guides
            </Link>
            <Link href="/docs/reference" className="whitespace-nowrap rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900">
                {/* Phones: "API" only, so the header keeps room for the language switch and the Dashboard button. */}
              <span className="sm:hidden">API</span>
              <span className="hidden sm:inline">{fr ? "Référence de l’API" : "API Reference"}</span>
            </Link>
            <a href="/api/v1/openapi.json" className="hidden rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline">
              openapi.json
            </a>
          </nav>
          <LocaleSwitch className="ml-auto shrink-0" />
          {/* Not prefetched: signed out, the prefetch is a redirect to /signin that Next cancels. */}
          <Link href="/dashboard" prefetch={false} data-testid="docs-dashboard-link" className="shrink-0 whitespace-nowrap rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50">
            {fr ? (
              <>
                <span className="sm:hidden">Compte</span>
                <span className="hidden sm:inline">Tableau de bord</span>
              </>
            ) : (
              "Dashboard"
            )}
          </Link>
        </div>
      </header>
      {children}
    </div>
  );
}
