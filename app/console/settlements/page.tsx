import type { Metadata } from "next";
import { SettlementsConsole } from "@/components/console/settlements-console";

export const metadata: Metadata = { title: "Settlements" };

export default function Page() {
  return <SettlementsConsole />;
}
