"use client";

import { signOut } from "next-auth/react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useT } from "@/components/i18n/provider";
import { Button } from "@/components/ui/button";

export function SignOutButton({ className, variant = "ghost" }: { className?: string; variant?: "ghost" | "inverse" }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    await signOut({ redirect: false });
    queryClient.clear();
    // A full load, so no cached page of the signed-in user survives.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/signin");
  }
  return (
    <Button variant={variant} size="sm" onClick={run} loading={busy} className={className}>
      {t("nav.signOut")}
    </Button>
  );
}
