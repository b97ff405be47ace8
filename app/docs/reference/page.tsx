import type { Metadata } from "next";
import { docsLocale } from "../_components/docs-locale";
import { ScalarReference } from "../_components/scalar-reference";

/** The tab title, set by the server and again by Scalar on the client: one spelling for both. */
async function referenceTitle(): Promise<string> {
  return (await docsLocale()) === "fr" ? "Référence de l’API · Documentation de l’API Sika" : "API reference · Sika API docs";
}

export async function generateMetadata(): Promise<Metadata> {
  return { title: { absolute: await referenceTitle() } };
}

export default async function ReferencePage() {
  return <ScalarReference specUrl="/api/v1/openapi.json" title={await referenceTitle()} />;
}
