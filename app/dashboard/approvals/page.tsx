import type { Metadata } from "next";
import { ApprovalsPage } from "@/components/control/approvals-page";

export const metadata: Metadata = { title: "Payout approvals" };

export default function Page() {
  return <ApprovalsPage />;
}
