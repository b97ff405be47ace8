import type { Metadata } from "next";
import { SubscriptionStep } from "@/components/status/subscription-step";
import { subscriptionAction } from "../actions";

export const metadata: Metadata = { title: "Status", robots: { index: false, follow: false } };

export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string }> }) {
  const { token } = await searchParams;
  return <SubscriptionStep kind="unsubscribe" token={typeof token === "string" ? token : ""} act={subscriptionAction} />;
}
