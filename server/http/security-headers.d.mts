export function contentSecurityPolicy(dev?: boolean): string;
export const HSTS: string;
export const API_CONTENT_SECURITY_POLICY: string;
export function apiSecurityHeaders(): Array<{ key: string; value: string }>;
export function securityHeaders(dev?: boolean): Array<{ key: string; value: string }>;
export function publicUrlIsHttps(env?: Record<string, string | undefined>): boolean;
