import { guideMetadata } from "../../_components/guide-metadata";
import { docsLocale } from "../../_components/docs-locale";
import { docsOrigin } from "../../_components/origin";
import { TestingEn } from "./testing-en";
import { TestingFr } from "./testing-fr";

export const generateMetadata = guideMetadata("/docs/testing");

/** For QA teams: deterministic outcomes, clean runs, stable selectors, an example suite (English and French). */
export default async function TestingGuide() {
  const base = await docsOrigin();
  return (await docsLocale()) === "fr" ? <TestingFr base={base} /> : <TestingEn base={base} />;
}
