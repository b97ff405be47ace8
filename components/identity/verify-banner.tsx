"use client";

import { useQuery } from "@tanstack/react-query";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { Button } from "@/components/ui/button";

/** Until the address is confirmed: what waits for it, and "send the link again". */
export function VerifyBanner() {
  const t = useT();
  const trpc = useTRPC();
  const { user } = useMerchant();
  const status = useQuery({ ...trpc.security.status.queryOptions(), enabled: !user.emailVerified });
  const resend = useFormMutation(trpc.security.resendVerification.mutationOptions({ onSuccess: () => toast.success(t("identity.resent")) }));
  if (user.emailVerified || status.data?.emailVerified) return null;
  const mailOff = status.data?.mailConfigured === false;
  return (
    <div className="border-t border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 sm:px-6" role="note" data-testid="verify-banner">
      <div className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 text-center">
        <span>{t(mailOff ? "identity.bannerMailOff" : "identity.banner", { email: user.email })}</span>
        {mailOff ? null : (
          <Button size="sm" variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
            {t("identity.resend")}
          </Button>
        )}
      </div>
    </div>
  );
}
