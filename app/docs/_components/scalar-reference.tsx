"use client";

import { useEffect, useRef, useState } from "react";

interface ScalarApp {
  destroy?: () => void;
}
declare global {
  interface Window {
    Scalar?: { createApiReference: (el: Element, config: Record<string, unknown>) => ScalarApp };
  }
}

const SCRIPT_ID = "scalar-api-reference-bundle";

/**
 * Scalar's interactive reference for /api/v1/openapi.json, from the bundle served at
 * /docs/assets/scalar.js (installed package, no CDN). No remote fonts, no telemetry.
 */
/** `title`: the tab title Scalar sets once it loads (the same as the page's metadata, in the reader's language). */
export function ScalarReference({ specUrl, title }: { specUrl: string; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let app: ScalarApp | undefined;
    let cancelled = false;
    const mount = () => {
      if (cancelled || !host.current || !window.Scalar) return;
      app = window.Scalar.createApiReference(host.current, {
        url: specUrl,
        layout: "modern",
        theme: "default",
        withDefaultFonts: false,
        telemetry: false,
        hideDarkModeToggle: true,
        forceDarkModeState: "light",
        showDeveloperTools: "never",
        documentDownloadType: "json",
        defaultOpenFirstTag: true,
        mcp: { disabled: true },
        agent: { disabled: true },
        metaData: { title },
        // The Authentication block's header: "Required" and the "Selected Auth Type" button shared one
        // line and overlapped in the narrow right column; the button now wraps under the title.
        customCss: `.scalar-app { --scalar-font: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
          --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; --scalar-custom-header-height: 56px;
          --scalar-color-accent: #047857; }
          .scalar-app section > .rounded-t-xl:has([data-testid="auth-indicator"]) { flex-wrap: wrap; }
          .scalar-app section > .rounded-t-xl:has([data-testid="auth-indicator"]) > button { flex: 1 0 auto; }
          .scalar-app section > .rounded-t-xl:has([data-testid="auth-indicator"]) > div { padding: 0 0.25rem 0.25rem; }`,
      });
    };
    const existing = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (window.Scalar) mount();
    else {
      const script = existing ?? Object.assign(document.createElement("script"), { id: SCRIPT_ID, src: "/docs/assets/scalar.js", async: true });
      script.addEventListener("load", mount);
      script.addEventListener("error", () => setFailed(true));
      if (!existing) document.body.appendChild(script);
    }
    return () => {
      cancelled = true;
      app?.destroy?.();
    };
  }, [specUrl, title]);

  return (
    <>
      {failed ? (
        <p className="p-8 text-sm text-red-700">
          The interactive reference could not load. The raw document is at <a href={specUrl}>{specUrl}</a>.
        </p>
      ) : null}
      <div ref={host} className="min-h-[calc(100vh-3.5rem)]" />
    </>
  );
}
