// Runs once when the Next.js server starts (dev and production).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { boot } = await import("./server/boot");
    await boot();
  }
}
