import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import { postWebhook } from "@/server/webhooks/http-post";
import { callbackUrlProblem, isPublicAddress, publicOnlyLookup } from "@/server/webhooks/url-guard";

/** The SSRF guard (D6, D10): what live mode refuses, what test mode allows. */
describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2001:db8::1",
    "2002:7f00:1::1",
    "not an ip",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8"])(
    "accepts %s",
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );
});

describe("callbackUrlProblem", () => {
  it("accepts any absolute http(s) URL in test mode, localhost included", async () => {
    for (const url of ["http://localhost:3000/hook", "http://127.0.0.1:8080/x", "https://example.com/hook", "http://10.0.0.5/"]) {
      expect(await callbackUrlProblem(url, "test")).toBeNull();
    }
  });

  it("refuses what is not an absolute http(s) URL, in both modes", async () => {
    for (const mode of ["test", "live"] as const) {
      for (const url of ["", "not a url", "/relative", "ftp://example.com/x", "javascript:alert(1)", "file:///etc/passwd"]) {
        expect(await callbackUrlProblem(url, mode)).toBe("The callback_url field must be a valid URL.");
      }
    }
  });

  it("refuses http in live mode", async () => {
    expect(await callbackUrlProblem("http://127.0.0.1/hook", "live")).toBe("The callback_url field must be an https URL in live mode.");
    expect(await callbackUrlProblem("http://93.184.215.14/hook", "live")).toBe("The callback_url field must be an https URL in live mode.");
  });

  it.each([
    "https://127.0.0.1/hook",
    "https://10.0.0.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[fe80::1]/hook",
    "https://[fd00::1]/hook",
    "https://2130706433/hook", // decimal 127.0.0.1
    "https://0177.0.0.1/hook", // octal
    "https://0x7f.1/hook", // hex, short form
    "https://0x7f000001/hook",
    "https://127.1/hook",
    "https://0/hook",
    "https://localhost/hook",
    "https://LOCALHOST./hook",
    "https://api.localhost/hook",
  ])("refuses %s in live mode", async (url) => {
    expect(await callbackUrlProblem(url, "live", "callback_url")).toBe("The callback_url field must point to a public address in live mode.");
  });

  it("names the field it was given and accepts public https URLs in live mode", async () => {
    expect(await callbackUrlProblem("https://10.0.0.1/", "live", "url")).toBe("The url field must point to a public address in live mode.");
    expect(await callbackUrlProblem("https://93.184.215.14/hook", "live")).toBeNull();
    expect(await callbackUrlProblem("https://[2606:4700:4700::1111]/hook", "live")).toBeNull();
  });
});

describe("publicOnlyLookup (connect-time check)", () => {
  const lookup = (host: string) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | dns.LookupAddress[] }>((resolve) =>
      publicOnlyLookup(host, {}, (err, address) => resolve({ err, address })),
    );

  it("refuses a name that resolves to a non-public address", async () => {
    const { err } = await lookup("localhost");
    expect(err?.message).toMatch(/^blocked: localhost resolves to non-public address /);
  });

  it("passes resolver errors through", async () => {
    const { err } = await lookup("no-such-host.invalid");
    expect(err?.code).toBe("ENOTFOUND");
  });
});

describe("DNS rebinding", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a live delivery whose name resolved public when checked but private at connect time never connects", async () => {
    // The resolver is the one thing faked here: first answer public, then 127.0.0.1.
    vi.spyOn(dns.promises, "lookup").mockResolvedValue([{ address: "93.184.215.14", family: 4 }] as never);
    const socketLookup = vi.spyOn(dns, "lookup").mockImplementation(((_host: string, _opts: unknown, cb: (...a: unknown[]) => void) =>
      cb(null, [{ address: "127.0.0.1", family: 4 }])) as never);
    expect(await callbackUrlProblem("https://rebind.example/hook", "live")).toBeNull();
    const out = await postWebhook({ url: "https://rebind.example/hook", body: "{}", headers: {}, mode: "live", timeoutMs: 2000 });
    expect(socketLookup).toHaveBeenCalled();
    expect(out).toMatchObject({ ok: false, statusCode: null, error: "blocked: rebind.example resolves to non-public address 127.0.0.1" });
  });
});
