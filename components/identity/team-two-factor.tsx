"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { useTRPC } from "@/components/trpc/client";
import { useFormMutation } from "@/components/trpc/use-form-mutation";
import { FormAlert } from "@/components/ui/field";

/** The owner's switch: two-factor sign-in required of every member of this business. */
export function TeamTwoFactorSetting() {
  const t = useT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { merchantId, can } = useMerchant();
  const requirement = useQuery(trpc.security.teamRequirement.queryOptions({ merchantId }));
  // The live state (the security card refreshes it when 2FA is turned on in this page).
  const status = useQuery(trpc.security.status.queryOptions());
  const save = useFormMutation(
    trpc.security.setTeamRequirement.mutationOptions({
      onSuccess: () => {
        toast.success(t("identity.teamRequireSaved"));
        void queryClient.invalidateQueries(trpc.security.teamRequirement.queryFilter());
      },
    }),
    { formError: "inline" },
  );
  const owner = can("owner");
  // While saving, the box shows what was asked (the query catches up on success).
  const required = save.isPending && save.variables ? save.variables.required : (requirement.data?.required ?? false);
  const blocked = owner && !required && status.data?.twoFactor.enabled !== true;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-4">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          data-testid="team-two-factor"
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
          checked={required}
          disabled={!owner || blocked || requirement.isPending || save.isPending}
          onChange={(e) => save.mutate({ merchantId, required: e.currentTarget.checked })}
        />
        <span>
          <span className="block font-medium text-slate-900">{t("identity.teamRequire")}</span>
          <span className="block text-slate-500">{blocked ? t("identity.teamRequireNeedsOwn") : t("identity.teamRequireHint")}</span>
        </span>
      </label>
      <FormAlert message={save.formError} />
    </div>
  );
}
