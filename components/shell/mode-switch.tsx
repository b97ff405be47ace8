"use client";

import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { cx } from "@/components/ui/cx";
import { useMerchant } from "./merchant-context";
import { MODES } from "@/server/vocabulary";

/** Test | Live: decides which data every page shows. */
export function ModeSwitch() {
  const t = useT();
  const { mode, setMode, user } = useMerchant();
  return (
    <div role="radiogroup" aria-label={t("nav.mode")} className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 text-xs font-semibold">
      {MODES.map((m) => (
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          data-testid={`mode-${m}`}
          // Live mode waits for a confirmed email address (the server refuses it too).
          onClick={() => (m === "live" && !user.emailVerified ? toast.error(t("identity.liveNeedsVerified")) : setMode(m))}
          className={cx(
            "rounded-md px-2.5 py-1 focus-visible:outline-2 focus-visible:outline-emerald-600",
            mode === m ? (m === "test" ? "bg-amber-500 text-white" : "bg-emerald-700 text-white") : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {t(m === "test" ? "nav.test" : "nav.live")}
        </button>
      ))}
    </div>
  );
}
