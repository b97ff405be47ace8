import type { Metadata } from "next";
import { LogDetail } from "@/components/developers/log-detail";

export const metadata: Metadata = { title: "Request" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <LogDetail id={decodeURIComponent(id)} />;
}
