"use client";

import { createContext, useCallback, useContext, useMemo, useState } from "react";
import { MODE_COOKIE, setPreferenceCookie } from "./cookies";

import type { Mode } from "@/server/vocabulary";

export type { Mode };
export type Role = "owner" | "developer" | "viewer";
const RANK: Record<Role, number> = { viewer: 1, developer: 2, owner: 3 };

export interface MerchantMembership {
  merchantId: string;
  merchantName: string;
  role: Role;
  kycStatus: "unverified" | "pending" | "approved" | "rejected";
}

interface MerchantContextValue {
  merchantId: string;
  merchantName: string;
  role: Role;
  kycStatus: MerchantMembership["kycStatus"];
  memberships: MerchantMembership[];
  user: { email: string; name: string | null; isOperator: boolean; emailVerified: boolean; twoFactorEnabled: boolean };
  mode: Mode;
  setMode: (mode: Mode) => void;
  /** Role gate for showing controls; the server checks again on every call. */
  can: (role: Role) => boolean;
}

const MerchantContext = createContext<MerchantContextValue | null>(null);

export function MerchantProvider({
  current,
  memberships,
  user,
  initialMode,
  children,
}: {
  current: MerchantMembership;
  memberships: MerchantMembership[];
  user: MerchantContextValue["user"];
  initialMode: Mode;
  children: React.ReactNode;
}) {
  const [mode, setModeState] = useState<Mode>(initialMode);
  const setMode = useCallback((m: Mode) => {
    setPreferenceCookie(MODE_COOKIE, m);
    setModeState(m);
  }, []);
  const value = useMemo<MerchantContextValue>(
    () => ({
      ...current,
      memberships,
      user,
      mode,
      setMode,
      can: (r: Role) => RANK[current.role] >= RANK[r],
    }),
    [current, memberships, user, mode, setMode],
  );
  return <MerchantContext.Provider value={value}>{children}</MerchantContext.Provider>;
}

export function useMerchant(): MerchantContextValue {
  const v = useContext(MerchantContext);
  if (!v) throw new Error("useMerchant must be used inside the dashboard");
  return v;
}

/** The input every merchant-scoped procedure takes. */
export function useScope(): { merchantId: string; mode: Mode } {
  const { merchantId, mode } = useMerchant();
  return useMemo(() => ({ merchantId, mode }), [merchantId, mode]);
}
