"use client";

import { createContext, useCallback, useContext, useMemo } from "react";
import { translate, type Locale, type MessageKey, type Messages } from "./messages";
import { translateReason } from "./reasons";

interface I18nValue {
  locale: Locale;
  messages: Messages;
}

const I18nContext = createContext<I18nValue | null>(null);

/** Holds the active language; the root layout passes only that language's messages. */
export function I18nProvider({ locale, messages, children }: I18nValue & { children: React.ReactNode }) {
  const value = useMemo(() => ({ locale, messages }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const v = useContext(I18nContext);
  if (!v) throw new Error("useT must be used inside <I18nProvider>");
  return v;
}

export function useLocale(): Locale {
  return useI18n().locale;
}

export type TFunction = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function useT(): TFunction {
  const { messages, locale } = useI18n();
  return useCallback((key, vars) => translate(messages, key, vars, locale), [messages, locale]);
}

/** A server-written reason (decline, timeline) in the page's language. */
export function useReason(): (text: string) => string {
  const { messages } = useI18n();
  return useCallback((text) => translateReason(text, messages), [messages]);
}
