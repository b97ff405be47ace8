import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((t) => t.forgotPassword);

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm />;
}
