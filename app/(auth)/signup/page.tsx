import { SignUpForm } from "@/components/auth/sign-up-form";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.signUp);

export default function SignUpPage() {
  return <SignUpForm />;
}
