"use client";

/** A payer's page that failed to render: their frame, a way to try again. */
export { PayError as default } from "@/components/public/error-view";
