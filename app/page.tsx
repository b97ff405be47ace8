import { AuthFrame } from "@/components/auth/auth-frame";
import { requestLocale } from "@/components/i18n/request-locale";
import { FrontLinks } from "@/components/public/front-links";

/** The front door, in the visitor's language (it was English only, French cookie or not). */
export default async function Home() {
  const { home: m } = (await requestLocale()).messages;
  return (
    <AuthFrame>
      <div className="space-y-4" data-testid="home">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">Sika</h1>
        <p className="text-base text-slate-600">{m.tagline}</p>
        <FrontLinks
          links={[
            { href: "/signin", label: m.signIn },
            { href: "/signup", label: m.signUp },
            { href: "/docs", label: m.docs },
          ]}
        />
      </div>
    </AuthFrame>
  );
}
