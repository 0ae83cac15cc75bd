import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { contactCspExtras, tileOrigin } from "./contact-csp.server";

describe("contactCspExtras", () => {
  it("allows nothing more when neither map tiles nor reCAPTCHA are configured", () => {
    expect(contactCspExtras(parseConfig({}))).toEqual({
      scriptSrc: [],
      imgSrc: [],
      connectSrc: [],
      frameSrc: [],
    });
  });

  it("allows the tile server's origin for images, subdomain placeholders as a wildcard", () => {
    const config = parseConfig({ MAP_TILE_URL: "https://{s}.tiles.example/base/{z}/{x}/{y}.png" });
    expect(contactCspExtras(config).imgSrc).toEqual(["https://*.tiles.example"]);
    expect(tileOrigin("http://127.0.0.1:4000/tiles/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:4000");
  });

  it("allows Google's script, frame and calls only with a site key", () => {
    const extras = contactCspExtras(parseConfig({ RECAPTCHA_SITE_KEY: "6Lc-site-key-123" }));
    expect(extras.scriptSrc).toEqual(["https://www.google.com", "https://www.gstatic.com"]);
    expect(extras.frameSrc).toEqual(["https://www.google.com"]);
  });

  it("refuses a tile URL that is not a template and a bad score", () => {
    expect(() => parseConfig({ MAP_TILE_URL: "https://tiles.example/map.png" })).toThrow(/MAP_TILE_URL/);
    expect(() => parseConfig({ RECAPTCHA_MIN_SCORE: "2" })).toThrow(/RECAPTCHA_MIN_SCORE/);
  });
});
