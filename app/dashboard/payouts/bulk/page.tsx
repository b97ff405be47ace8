import type { Metadata } from "next";
import { BulkPayoutsPage } from "@/components/payouts/bulk-payouts-page";

export const metadata: Metadata = { title: "Bulk payouts" };

export default function Page() {
  return <BulkPayoutsPage />;
}
