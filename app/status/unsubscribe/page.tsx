import { SubscriptionStep } from "@/components/status/subscription-step";
import { subscriptionAction } from "../actions";
import { titled } from "@/components/i18n/request-locale";

export const generateMetadata = titled((m) => m.titles.status, { robots: { index: false, follow: false } });

export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <SubscriptionStep kind="unsubscribe" token={typeof token === "string" ? token : ""} act={subscriptionAction} />;
}
