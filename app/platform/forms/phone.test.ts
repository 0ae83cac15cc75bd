import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

// Fresh copies of the modules, without the library the tests' setup provides.
async function phoneModuleWithoutLibrary() {
  vi.resetModules();
  return { ...(await import("./phone")), ...(await import("./phone-numbers")) };
}

describe("phoneE164 before libphonenumber-js is loaded", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("in a browser, takes the number as typed: the server checks it", async () => {
    vi.stubGlobal("document", {});
    const { phoneE164 } = await phoneModuleWithoutLibrary();
    const schema = z.object({ phone: phoneE164() });
    expect(schema.parse({ phone: { country: "CA", number: " 12 " } })).toEqual({ phone: "12" });
    expect(schema.safeParse({ phone: { country: "CA", number: "" } }).success).toBe(false);
  });

  it("in a browser, checks the number once the library is loaded", async () => {
    vi.stubGlobal("document", {});
    const { loadPhoneNumbers, phoneE164 } = await phoneModuleWithoutLibrary();
    await loadPhoneNumbers();
    const schema = z.object({ phone: phoneE164() });
    expect(schema.safeParse({ phone: { country: "CA", number: "12" } }).success).toBe(false);
    expect(schema.parse({ phone: { country: "CA", number: "(418) 555-0134" } })).toEqual({
      phone: "+14185550134",
    });
  });

  it("on the server, refuses to let a number through unchecked", async () => {
    const { normalizePhone, phoneE164 } = await phoneModuleWithoutLibrary();
    expect(() => phoneE164().parse({ country: "CA", number: "12" })).toThrow(/not provided/);
    expect(() => normalizePhone("+1 418 555 0134")).toThrow(/not provided/);
  });
});
