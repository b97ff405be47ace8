import type { Metadata } from "next";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeNextPath } from "@/server/auth/redirect";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; error?: string }> }) {
  const { callbackUrl } = await searchParams;
  // Only same-site paths: a crafted link must not send a user elsewhere after sign-in.
  const next = safeNextPath(callbackUrl);
  return <SignInForm next={next} />;
}
