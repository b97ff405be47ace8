import { expect } from "vitest";

/**
 * The tenancy matrix's vocabulary (tests/reliability/tenancy-matrix.test.ts): who calls, what a
 * row is, and what a non-owner must get back.
 */
export type Principal = "otherMerchant" | "otherMode" | "revoked" | "none";
export const PRINCIPALS: Principal[] = ["otherMerchant", "otherMode", "revoked", "none"];

export interface Call {
  method: string;
  path: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export interface Row {
  /** "METHOD /pattern" as on disk. */
  endpoint: string;
  call: (p: Principal) => Call;
  /** Strings of the owner's that this call itself sends (and may see echoed in its own result). */
  echoes?: string[];
  /** What a non-owner gets; default: 401 without a valid key, 404 `Transaction not found` with one. */
  expect?: (p: Principal, res: { status: number; body: unknown }) => void;
}

export const unauthenticated = { status: "error", message: "Unauthenticated", data: null };
export const notFound = { status: "error", message: "Transaction not found", data: null };

export function defaultExpect(p: Principal, res: { status: number; body: unknown }) {
  if (p === "revoked" || p === "none") {
    expect(res.status).toBe(401);
    // The interface's envelope, plus (no key at all) issue 24's `detail` on how to send one.
    expect(res.body).toMatchObject(unauthenticated);
  } else {
    expect(res.status).toBe(404);
    expect(res.body).toEqual(notFound);
  }
}

/** The test-mode endpoints (issue 24): a live key is answered as if they did not exist. */
export function testModeOnly(otherMerchant: (res: { status: number; body: unknown }) => void) {
  return (p: Principal, res: { status: number; body: unknown }) => {
    if (p === "otherMode") {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: "error", message: "Not found", data: null });
    } else if (p === "otherMerchant") otherMerchant(res);
    else defaultExpect(p, res);
  };
}

/** Endpoints without anything of the owner's: 401 without a valid key, 200 otherwise. */
export function publicData(p: Principal, res: { status: number; body: unknown }) {
  if (p === "revoked" || p === "none") {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(unauthenticated);
  } else expect(res.status).toBe(200);
}
