import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.forgotPassword);

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
