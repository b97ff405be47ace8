import Link from "next/link";

export default function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 p-8">
      <h1 className="text-4xl font-semibold tracking-tight text-slate-900">Sika</h1>
      <p className="text-lg text-slate-600">Mobile money payins and payouts across 15 African countries, one API.</p>
      <div className="flex flex-wrap gap-3">
        <Link className="rounded-lg bg-emerald-600 px-4 py-2 font-medium text-white hover:bg-emerald-700" href="/signin">
          Sign in
        </Link>
        <Link className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-100" href="/docs">
          API documentation
        </Link>
      </div>
    </main>
  );
}
