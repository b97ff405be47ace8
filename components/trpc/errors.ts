import { TRPCClientError } from "@trpc/client";
import type { TFunction } from "@/components/i18n/provider";

/**
 * One sentence for a person, from any error a procedure or the network gave. Server
 * messages are already written for merchants (AppError); field errors show the first
 * field's message; transport failures get the connection message.
 */
export function friendlyError(err: unknown, t: TFunction): string {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: string; fields?: Record<string, string[]> | null; appCode?: string | null } | undefined;
    const fields = data?.fields;
    if (fields) {
      const first = Object.values(fields)[0]?.[0];
      if (first) return first;
    }
    if (!data) return t("errors.network");
    // The database away (issue 16): a temporary state, said as such, never "something went wrong".
    if (data.code === "SERVICE_UNAVAILABLE") return t("errors.unavailable");
    if (data.code === "INTERNAL_SERVER_ERROR") return t("errors.generic");
    // Issue 22: live mode and invitations wait for a confirmed address; said in the page's language.
    if (data.appCode === "email_unverified") return t("identity.emailUnverified");
    return err.message || t("errors.generic");
  }
  return t("errors.generic");
}

export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof TRPCClientError)) return {};
  const fields = (err.data as { fields?: Record<string, string[]> | null } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ""]));
}

/** The fields a form shows: a list (the server's names), or server path → the form's name. */
export type ShownFields = readonly string[] | Readonly<Record<string, string>>;

/**
 * The field errors a form can show beside its inputs, under the form's names (first message
 * per field). Without `fields`, every field error under its own name.
 */
export function shownFieldErrors(err: unknown, fields?: ShownFields): Record<string, string> {
  const all = fieldErrors(err);
  if (!fields) return all;
  const nameOf: Readonly<Record<string, string>> = isList(fields) ? Object.fromEntries(fields.map((f) => [f, f])) : fields;
  const shown: Record<string, string> = {};
  for (const [path, message] of Object.entries(all)) {
    const name = nameOf[path];
    if (name) shown[name] ??= message;
  }
  return shown;
}

function isList(fields: ShownFields): fields is readonly string[] {
  return Array.isArray(fields);
}

export function errorCode(err: unknown): string | undefined {
  return err instanceof TRPCClientError ? (err.data as { code?: string } | undefined)?.code : undefined;
}
