import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import {
  FLASH_COOKIE,
  flashCookie,
  redirectToConfirmation,
  redirectWithFlash,
  takeFlash,
} from "./flash.server";

const config = parseConfig({ PUBLIC_URL: "https://www.studio.example" });

function requestWith(cookie: string) {
  return new Request("https://www.studio.example/alerts", { headers: { Cookie: cookie } });
}

describe("flash messages", () => {
  it("carries messages across a redirect and shows them once", () => {
    const response = redirectWithFlash("/alerts", { kind: "success", messages: ["alerts:created"] }, config);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/alerts");
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(new RegExp(`^${FLASH_COOKIE}=[\\w-]+; Max-Age=60; .*HttpOnly`));
    expect(setCookie).toContain("Secure");

    const cookie = setCookie.split(";")[0]!;
    const taken = takeFlash(requestWith(cookie), config);
    expect(taken.flash).toEqual({ kind: "success", messages: ["alerts:created"] });
    expect(taken.setCookie).toMatch(new RegExp(`^${FLASH_COOKIE}=; Max-Age=0`));
  });

  it("sends a page that confirms in its own words there without a flash", () => {
    const response = redirectToConfirmation("/contact?sent=1#contact-form");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/contact?sent=1#contact-form");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    // Only to this site, as every redirect of a form.
    expect(redirectToConfirmation("//evil.example/contact").headers.get("Location")).not.toContain("evil");
  });

  it("leaves the flash to the visit when the browser only prefetches a page's data", () => {
    const response = redirectWithFlash("/account/login", { kind: "success", messages: ["sent"] }, config);
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    for (const header of ["Sec-Purpose", "Purpose"]) {
      const headers = { Cookie: cookie, [header]: "prefetch" };
      const prefetch = new Request("https://www.studio.example/tos.data", { headers });
      expect(takeFlash(prefetch, config)).toEqual({ flash: null });
    }
    expect(takeFlash(requestWith(cookie), config).flash).toEqual({ kind: "success", messages: ["sent"] });
  });

  it("has nothing to say without the cookie", () => {
    expect(takeFlash(requestWith("a=1"), config)).toEqual({ flash: null });
  });

  it("drops a cookie that does not decode, and deletes it", () => {
    for (const junk of ["%%%", Buffer.from('{"kind":"evil"}').toString("base64url"), "bm90IGpzb24"]) {
      const taken = takeFlash(requestWith(`${FLASH_COOKIE}=${junk}`), config);
      expect(taken.flash).toBeNull();
      expect(taken.setCookie).toBeDefined();
    }
  });

  it("refuses to write an empty or oversized flash", () => {
    expect(() => flashCookie(config, { kind: "info", messages: [] })).toThrow();
    expect(() => flashCookie(config, { kind: "info", messages: ["x".repeat(301)] })).toThrow();
  });
});
