"use client";

import { useT } from "@/components/i18n/provider";
import { useMerchant } from "@/components/shell/merchant-context";
import { PageHeader } from "@/components/ui/card";
import { ApiKeysCard } from "./api-keys-card";
import { WebhookSettingsCard } from "./webhook-settings-card";
import { WebhookEventsCard } from "./webhook-events-card";
import { DevelopersTabs } from "./developers-tabs";

export function DevelopersPage() {
  const t = useT();
  const { can } = useMerchant();
  return (
    <>
      <PageHeader
        title={t("developers.title")}
        actions={
          <a href="/docs" className="text-sm font-medium text-emerald-700 hover:underline">
            {t("developers.docs")} →
          </a>
        }
      />
      <DevelopersTabs />
      {!can("developer") ? (
        <p role="note" className="mb-6 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900">
          {t("developers.readOnlyNotice")}
        </p>
      ) : null}
      <div className="space-y-6">
        <ApiKeysCard />
        <WebhookSettingsCard />
        <WebhookEventsCard />
      </div>
    </>
  );
}
