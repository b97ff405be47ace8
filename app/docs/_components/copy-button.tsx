"use client";

import { useState } from "react";
import { useLocale } from "@/components/i18n/provider";

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const fr = useLocale() === "fr";
  return (
    <button
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(text);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
      className="rounded px-2 py-0.5 text-xs text-slate-300 hover:bg-slate-700 hover:text-white"
    >
      {fr ? (copied ? "Copié" : "Copier") : copied ? "Copied" : "Copy"}
    </button>
  );
}
