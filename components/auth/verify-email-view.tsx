"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import { useT } from "@/components/i18n/provider";
import { useTRPC } from "@/components/trpc/client";

/**
 * The mailed verification link's page. The link is used by the page's script, not by the
 * GET itself: a mail scanner that fetches links does not run it.
 */
export function VerifyEmailView({ token }: { token: string }) {
  const t = useT();
  const trpc = useTRPC();
  const verify = useMutation(trpc.recovery.verifyEmail.mutationOptions());
  const started = useRef(false);
  useEffect(() => {
    if (started.current || token.length < 20) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const ok = verify.data?.verified === true;
  const failed = token.length < 20 || verify.isError || verify.data?.verified === false;
  return (
    <div>
      <h1 className="text-xl font-semibold text-slate-900">{t("identity.verifyTitle")}</h1>
      <div className="mt-6 space-y-4" role="status" data-testid="verify-result">
        {ok ? <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">{t("identity.verified")}</p> : null}
        {failed ? <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("identity.verifyInvalid")}</p> : null}
        {!ok && !failed ? <p className="text-sm text-slate-500">{t("identity.verifying")}</p> : null}
        {ok || failed ? (
          <Link href="/dashboard" className="block text-center text-sm font-medium text-emerald-700 hover:underline">
            {t("identity.goToDashboard")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
