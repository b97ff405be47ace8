import { TRPCClientError } from "@trpc/client";
import type { TFunction } from "@/components/i18n/provider";

/**
 * One sentence for a person, from any error a procedure or the network gave. Server
 * messages are already written for merchants (AppError); field errors show the first
 * field's message; transport failures get the connection message.
 */
export function friendlyError(err: unknown, t: TFunction): string {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: string; fields?: Record<string, string[]> | null } | undefined;
    const fields = data?.fields;
    if (fields) {
      const first = Object.values(fields)[0]?.[0];
      if (first) return first;
    }
    if (!data) return t("errors.network");
    // The database away (issue 16): a temporary state, said as such, never "something went wrong".
    if (data.code === "SERVICE_UNAVAILABLE") return t("errors.unavailable");
    if (data.code === "INTERNAL_SERVER_ERROR") return t("errors.generic");
    return err.message || t("errors.generic");
  }
  return t("errors.generic");
}

export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof TRPCClientError)) return {};
  const fields = (err.data as { fields?: Record<string, string[]> | null } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ""]));
}

export function errorCode(err: unknown): string | undefined {
  return err instanceof TRPCClientError ? (err.data as { code?: string } | undefined)?.code : undefined;
}
