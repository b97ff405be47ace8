import { requestLocale } from "@/components/i18n/request-locale";
import { FrontCard } from "@/components/public/front-card";

/** The front door, in the visitor's language (it was English only, French cookie or not). */
export default async function Home() {
  const { home: m } = (await requestLocale()).messages;
  const links = [
    { href: "/signin", label: m.signIn },
    { href: "/signup", label: m.signUp },
    { href: "/docs", label: m.docs },
  ];
  return <FrontCard testId="home" title="Sika" lead={m.tagline} links={links} large />;
}
