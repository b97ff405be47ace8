import type { Metadata } from "next";
import { ScalarReference } from "../_components/scalar-reference";

export const metadata: Metadata = { title: "API reference" };

export default function ReferencePage() {
  return <ScalarReference specUrl="/api/v1/openapi.json" />;
}
