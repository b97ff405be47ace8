/** Preference cookies written by the browser (read back by server layouts). */
export const MODE_COOKIE = "sika_mode";
export const MERCHANT_COOKIE = "sika_merchant";

export function setPreferenceCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${365 * 86400}; samesite=lax`;
}
