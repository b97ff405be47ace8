import type { Metadata } from "next";
import { FeesPage } from "@/components/console/fees-page";

export const metadata: Metadata = { title: "Fee schedule" };

export default function Page() {
  return <FeesPage />;
}
