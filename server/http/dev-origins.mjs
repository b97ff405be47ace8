import os from "node:os";

/**
 * The page origins `next dev` serves its own scripts and HMR socket to (next.config.js
 * allowedDevOrigins). Next 16 answers any other origin's request for /_next/* with 403, and
 * by default only localhost is let through: a dashboard opened at http://127.0.0.1:3000 (the
 * address the README's QA kit and fakes use) or at the Network URL `next dev` prints (a phone
 * on the office Wi-Fi) never hydrated, so Sign in posted the form natively and went nowhere.
 * Let through: loopback, this machine's own addresses, and the host names in DEV_ORIGINS
 * (comma-separated, e.g. a tunnel's). Development only; the production build has no such check.
 */
export function devOrigins(env = process.env, interfaces = os.networkInterfaces()) {
  const own = Object.values(interfaces)
    .flat()
    .filter((nic) => nic && !nic.internal && (nic.family === "IPv4" || nic.family === 4))
    .map((nic) => nic.address);
  const extra = (env.DEV_ORIGINS ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(["127.0.0.1", "[::1]", ...own, ...extra])];
}
