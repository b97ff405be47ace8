import { SignInForm } from "@/components/auth/sign-in-form";
import { safeNextPath } from "@/server/auth/redirect";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.signIn);

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { callbackUrl } = await searchParams;
  // Only same-site paths: a crafted link must not send a user elsewhere after sign-in.
  const next = safeNextPath(callbackUrl);
  return <SignInForm next={next} />;
}
