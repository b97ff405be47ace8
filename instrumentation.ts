// Runs once when the Next.js server starts (dev and production).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("./server/boot");
    // `next build` runs this hook while prerendering: the deployment's settings are checked
    // when it starts, not when it is built (a build machine need not hold the secrets).
    await boot({ checkConfig: process.env.NEXT_PHASE !== "phase-production-build" });
  }
}
