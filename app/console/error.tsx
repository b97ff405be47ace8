"use client";

import { ErrorState } from "@/components/ui/states";
import { Card } from "@/components/ui/card";

/** An unexpected render error inside the console: the shell stays, the page offers a retry. */
export default function ConsoleError({ error, reset }: { error: Error; reset: () => void }) {
  return (
    <Card>
      <ErrorState error={error} onRetry={reset} />
    </Card>
  );
}
