"use client";

import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { useLocale, useT } from "@/components/i18n/provider";
import { friendlyError, shownFieldErrors, type ShownFields } from "./errors";

export interface FormErrorHandling {
  /**
   * The server's field paths the form shows beside an input: a list (same names), or a map
   * from server path to the form's field name. Omitted: every field error is shown under its
   * own name. An error on no shown field is a form error, so nothing is swallowed.
   */
  fields?: ShownFields;
  /** Where a form error goes: a toast (default), or `formError` for the form to show in place. */
  formError?: "toast" | "inline";
  /** The sentence for a form error; default `friendlyError` (the server's own sentence, a known field message in the page's language). */
  describe?: (err: unknown) => string;
}

/**
 * The dashboard forms' one way of running a mutation and showing its failure: field errors
 * beside their fields (`fields`), anything else as a toast or as `formError`. Both are
 * cleared when the mutation starts again; `showError` gives a failure from elsewhere
 * (a quote fetched before the mutation) the same treatment, `clearErrors` resets both.
 */
export function useFormMutation<TData, TError, TVariables, TOnMutateResult>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  handling: FormErrorHandling = {},
) {
  const t = useT();
  const locale = useLocale();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function clearErrors() {
    setFields({});
    setFormError(null);
  }
  function showError(err: unknown) {
    // Field messages in the page's language (the API's are English by contract).
    const shown = shownFieldErrors(err, handling.fields, locale);
    setFields(shown);
    if (Object.keys(shown).length > 0) return setFormError(null);
    const message = handling.describe?.(err) ?? friendlyError(err, t, locale);
    if (handling.formError === "inline") setFormError(message);
    else {
      setFormError(null);
      toast.error(message);
    }
  }

  const mutation = useMutation<TData, TError, TVariables, TOnMutateResult>({
    ...options,
    onMutate: (variables, context) => {
      clearErrors();
      return options.onMutate?.(variables, context) as TOnMutateResult | Promise<TOnMutateResult>;
    },
    onError: (err, ...rest) => {
      showError(err);
      return options.onError?.(err, ...rest);
    },
  });
  return { ...mutation, fields, setFields, formError, setFormError, showError, clearErrors };
}
