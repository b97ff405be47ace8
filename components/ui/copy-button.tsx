"use client";

import { useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { Button } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

export function CopyButton({ value, label, size = "sm" }: { value: string; label?: string; size?: "sm" | "md" }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success(t("common.copied"));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (insecure origin, permissions): the value stays selectable on screen.
      toast.error(t("errors.generic"));
    }
  }
  return (
    <Button variant="secondary" size={size} onClick={copy} aria-label={label ?? t("common.copy")}>
      {copied ? <CheckIcon className="h-4 w-4 text-emerald-600" /> : <CopyIcon className="h-4 w-4" />}
      <span>{copied ? t("common.copied") : t("common.copy")}</span>
    </Button>
  );
}
