import type { Metadata } from "next";
import { docsLocale } from "../_components/docs-locale";
import { ScalarReference } from "../_components/scalar-reference";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await docsLocale()) === "fr" ? "Référence de l’API" : "API reference" };
}

export default function ReferencePage() {
  return <ScalarReference specUrl="/api/v1/openapi.json" />;
}
