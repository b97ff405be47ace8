// Runs before the e2e suite: Playwright drives Debian's Chromium (it cannot download its own
// browser here). Installs it from apt when missing and we are allowed to; otherwise says how.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && existsSync("/usr/bin/apt-get")) {
  console.log(`Chromium not found at ${path}: installing Debian's chromium package...`);
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  if (existsSync(path)) process.exit(0);
}
console.error(`Chromium is required for the e2e tests: install it (sudo apt-get install chromium) or set CHROMIUM_PATH.`);
process.exit(1);
