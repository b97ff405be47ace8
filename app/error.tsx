"use client";

/** A page outside the dashboard and console (which have their own) that failed to render. */
export { SiteError as default } from "@/components/public/error-view";
