import { TRPCClientError } from "@trpc/client";
import { fieldMessage } from "@/components/i18n/field-messages";
import type { Locale } from "@/components/i18n/messages";
import type { TFunction } from "@/components/i18n/provider";

/**
 * One sentence for a person, from any error a procedure or the network gave. Server
 * messages are already written for merchants (AppError); field errors show the first
 * field's message (in `locale`'s words when given, naming the field: no input is beside
 * it); transport failures get the connection message.
 */
export function friendlyError(err: unknown, t: TFunction, locale?: Locale): string {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: string; fields?: Record<string, string[]> | null; appCode?: string | null } | undefined;
    const fields = data?.fields;
    if (fields) {
      const [field, messages] = Object.entries(fields)[0] ?? [];
      const first = messages?.[0];
      if (field && first) return locale ? fieldMessage(first, locale, field) : first;
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

/**
 * The first message of each field error. Given the page's `locale`, a known server sentence
 * is said in its words, for under the field (components/i18n/field-messages.ts).
 */
export function fieldErrors(err: unknown, locale?: Locale): Record<string, string> {
  if (!(err instanceof TRPCClientError)) return {};
  const fields = (err.data as { fields?: Record<string, string[]> | null } | undefined)?.fields ?? {};
  const say = (message: string) => (locale && message ? fieldMessage(message, locale) : message);
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, say(v[0] ?? "")]));
}

/** The fields a form shows: a list (the server's names), or server path → the form's name. */
export type ShownFields = readonly string[] | Readonly<Record<string, string>>;

/**
 * The field errors a form can show beside its inputs, under the form's names (first message
 * per field, in `locale`'s words when given). Without `fields`, every field error under its own name.
 */
export function shownFieldErrors(err: unknown, fields?: ShownFields, locale?: Locale): Record<string, string> {
  const all = fieldErrors(err, locale);
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
