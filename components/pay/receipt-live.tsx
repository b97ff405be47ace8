"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";

/** How often a page waiting on a payment asks the server again. */
export const REFRESH_MS = 3000;
const RETURN_SECONDS = 5;

/** Asks the server again every few seconds while the payment is pending (a light RSC refresh, no polling API). */
export function ReceiptRefresher() {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}

/** Back to the integrator's return_url after a short countdown (checkout sessions). */
export function ReturnCountdown({ url, merchant }: { url: string; merchant: string }) {
  const t = useT();
  const [seconds, setSeconds] = useState(RETURN_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      window.location.assign(url);
      return;
    }
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds, url]);
  return <p className="text-xs text-slate-500">{t("pay.returning", { merchant, seconds: Math.max(seconds, 0) })}</p>;
}

export function PrintButton() {
  const t = useT();
  return (
    <Button variant="secondary" className="h-11 w-full print:hidden" onClick={() => window.print()}>
      {t("pay.print")}
    </Button>
  );
}
