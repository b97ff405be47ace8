"use client";

import { useCallback, useState } from "react";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { fieldErrors, friendlyError } from "./errors";

/**
 * The dashboard forms' one way of showing a mutation's failure: field errors beside their
 * fields (`fields`), anything else as a toast. Pass `onError` to the mutation's options;
 * call `setFields({})` on success.
 */
export function useFormErrors() {
  const t = useT();
  const [fields, setFields] = useState<Record<string, string>>({});
  const onError = useCallback(
    (err: unknown) => {
      const f = fieldErrors(err);
      setFields(f);
      if (Object.keys(f).length === 0) toast.error(friendlyError(err, t));
    },
    [t],
  );
  return { fields, setFields, onError };
}
