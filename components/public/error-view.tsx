"use client";

import { AuthFrame } from "@/components/auth/auth-frame";
import { useT } from "@/components/i18n/provider";
import { PayCard, PayShell } from "@/components/pay/pay-shell";
import { ErrorState } from "@/components/ui/states";

/**
 * A page that failed to render (the database away, a fault of ours), in the visitor's
 * language with a way to try again. Without these, a payment link or a sign-in page that
 * failed showed Next's English "Application error: a server-side exception has occurred".
 * `retry` refetches the segment's server components, not only re-renders what failed.
 */
interface Props {
  error: Error & { digest?: string };
  retry: () => void;
}

export function SiteError({ error, retry }: Props) {
  return (
    <AuthFrame>
      <ErrorState error={error} onRetry={retry} />
    </AuthFrame>
  );
}

export function PayError({ error, retry }: Props) {
  const t = useT();
  return (
    <PayShell securedBy={t("pay.securedBy")}>
      <PayCard>
        <ErrorState error={error} onRetry={retry} />
      </PayCard>
    </PayShell>
  );
}
