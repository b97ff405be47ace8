import { VerifyEmailView } from "@/components/auth/verify-email-view";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.verifyEmail, { referrer: "no-referrer" });
export const dynamic = "force-dynamic";

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <VerifyEmailView token={typeof token === "string" ? token.slice(0, 200) : ""} />;
}
