import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.resetPassword, { referrer: "no-referrer" });
export const dynamic = "force-dynamic";

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <ResetPasswordForm token={typeof token === "string" ? token.slice(0, 200) : ""} />;
}
