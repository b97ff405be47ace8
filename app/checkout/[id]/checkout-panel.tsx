"use client";

import { useEffect, useState, useTransition } from "react";
import type { TransactionStatus } from "@/server/vocabulary";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { AlertIcon, CheckIcon, Spinner } from "@/components/ui/icons";
import { decideCheckout } from "./actions";
import { fill, type CheckoutCopy } from "./copy";

type Status = TransactionStatus;

interface Props {
  id: string;
  mode: "test" | "live";
  initialStatus: Status;
  initialReturnUrl: string | null;
  merchantName: string;
  networkName: string;
  copy: CheckoutCopy;
}

const REDIRECT_SECONDS = 5;
const REFRESH_MS = 4000;

/**
 * The interactive part of the checkout: the test-mode Approve / Decline buttons, the
 * waiting state (refreshed from the server while pending) and the result, which sends
 * the customer back to the merchant's return_url after a short countdown.
 */
export function CheckoutPanel({ id, mode, initialStatus, initialReturnUrl, merchantName, networkName, copy }: Props) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>(initialStatus);
  const [returnUrl, setReturnUrl] = useState(initialReturnUrl);
  const [decided, setDecided] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [countdown, setCountdown] = useState(REDIRECT_SECONDS);
  const terminal = status !== "pending";

  // While pending and nothing left to click, ask the server again now and then.
  useEffect(() => {
    if (terminal || (mode === "test" && !decided)) return;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [terminal, mode, decided, router]);

  useEffect(() => {
    if (!terminal || !returnUrl) return;
    if (countdown <= 0) {
      window.location.assign(returnUrl);
      return;
    }
    const timer = setTimeout(() => setCountdown((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [terminal, returnUrl, countdown]);

  const decide = (decision: "approve" | "decline") =>
    startTransition(async () => {
      setError(null);
      const result = await decideCheckout(id, decision);
      if (!result.ok) {
        setError(copy.error);
        return;
      }
      setDecided(true);
      setStatus(result.status as Status);
      setReturnUrl(result.returnUrl);
    });

  if (terminal) {
    const ok = status === "successful";
    return (
      <div className="space-y-4 text-center" role="status" aria-live="polite">
        <div className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${ok ? "bg-emerald-100 text-emerald-700" : "bg-red-100 text-red-700"}`}>
          {ok ? <CheckIcon className="h-7 w-7" /> : <AlertIcon className="h-7 w-7" />}
        </div>
        <div className="space-y-1">
          <p className="text-lg font-semibold text-slate-900">{copy[status]}</p>
          <p className="text-sm text-slate-600">{fill(copy[`${status}Text`], { merchant: merchantName })}</p>
        </div>
        {returnUrl ? (
          <div className="space-y-2">
            <a href={returnUrl} className="inline-flex h-11 w-full items-center justify-center rounded-lg bg-emerald-700 px-4 text-sm font-medium text-white shadow-sm hover:bg-emerald-800">
              {fill(copy.returnTo, { merchant: merchantName })}
            </a>
            <p className="text-xs text-slate-500">{fill(copy.redirecting, { merchant: merchantName, seconds: Math.max(countdown, 0) })}</p>
          </div>
        ) : null}
      </div>
    );
  }

  if (mode === "live" || decided) {
    return (
      <div className="flex items-start gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-700" role="status" aria-live="polite">
        <Spinner className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" />
        <p>{decided ? copy.processing : fill(copy.waitingLive, { network: networkName })}</p>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{copy.waitingTest}</p>
      <Button className="h-11 w-full" loading={pending} onClick={() => decide("approve")}>
        {copy.approve}
      </Button>
      <Button variant="secondary" className="h-11 w-full" disabled={pending} onClick={() => decide("decline")}>
        {copy.decline}
      </Button>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
