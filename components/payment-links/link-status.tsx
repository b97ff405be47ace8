"use client";

import { useT } from "@/components/i18n/provider";
import { Badge, type Tone } from "@/components/ui/badge";

const TONE: Record<string, Tone> = { active: "green", inactive: "slate", expired: "amber", completed: "blue" };

export function LinkStatus({ status }: { status: "active" | "inactive" | "expired" | "completed" }) {
  const t = useT();
  return <Badge tone={TONE[status]}>{t(`links.status.${status}`)}</Badge>;
}
