"use client";

import { useEffect, useRef } from "react";
import { useT } from "@/components/i18n/provider";
import { CopyButton } from "@/components/ui/copy-button";

/** WhatsApp, copy and the QR code (an SVG drawn on the server: nothing extra to download). */
export function ShareLink({ url, title, qrSvg }: { url: string; title: string; qrSvg: string }) {
  const t = useT();
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
  const details = useRef<HTMLDetailsElement>(null);
  // Open from the start on a wide screen (a counter's tablet shows the QR code); folded on a phone, under the form.
  useEffect(() => {
    if (details.current && window.matchMedia("(min-width: 640px)").matches) details.current.open = true;
  }, []);
  return (
    <details ref={details} className="group rounded-2xl border border-slate-200 bg-white px-5 py-3 text-sm shadow-sm">
      <summary className="flex cursor-pointer list-none items-center justify-between font-medium text-slate-700 [&::-webkit-details-marker]:hidden">
        {t("pay.share")}
        <span aria-hidden className="text-slate-400 transition-transform group-open:rotate-180">▾</span>
      </summary>
      <div className="mt-3 space-y-3">
        <div className="flex flex-wrap gap-2">
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-[#25D366] px-3 text-sm font-medium text-white hover:brightness-95">
            {t("pay.whatsapp")}
          </a>
          <CopyButton value={url} label={t("pay.copyLink")} />
        </div>
        <p className="break-all font-mono text-xs text-slate-500">{url}</p>
        <figure className="flex flex-col items-center gap-1">
          <div className="h-44 w-44 [&_svg]:h-full [&_svg]:w-full" role="img" aria-label={t("pay.scan")} dangerouslySetInnerHTML={{ __html: qrSvg }} />
          <figcaption className="text-xs text-slate-500">{t("pay.scan")}</figcaption>
        </figure>
      </div>
    </details>
  );
}
