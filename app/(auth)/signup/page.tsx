import { SignUpForm } from "@/components/auth/sign-up-form";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.signUp);

export default function SignUpPage() {
  return <SignUpForm />;
}
