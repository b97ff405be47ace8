import type { Metadata } from "next";
import { StatementsPage } from "@/components/statements/statements-page";

export const metadata: Metadata = { title: "Statements" };

export default function Page() {
  return <StatementsPage />;
}
