import type { Metadata } from "next";
import { ConsoleAuditPage } from "@/components/console/audit-log-page";

export const metadata: Metadata = { title: "Audit log" };

export default function Page() {
  return <ConsoleAuditPage />;
}
