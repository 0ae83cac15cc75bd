import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { analyticsCspExtras } from "./analytics-csp.server";
import { analyticsSetup } from "./analytics-setup.server";
import { pageviewRouteKey, routeKeyPattern } from "./route-key";

describe("page-view route key", () => {
  it("is the deepest matched route's id, never the address", () => {
    expect(pageviewRouteKey([{ id: "root" }, { id: "routes/lang" }, { id: "careers-single" }])).toBe(
      "careers-single",
    );
    expect(pageviewRouteKey([])).toBeUndefined();
  });

  it("accepts route ids and refuses addresses or free text", () => {
    for (const id of ["routes/home", "careers-single", "account-login", "routes/not-found"]) {
      expect(routeKeyPattern.test(id), id).toBe(true);
    }
    for (const junk of ["", "/careers/12", "routes/home?email=a@b.c", "a b", "x".repeat(101), "-leading"]) {
      expect(routeKeyPattern.test(junk), junk).toBe(false);
    }
  });
});

describe("outside provider setup", () => {
  it("allows nothing extra and loads no script by default", () => {
    const config = parseConfig({});
    expect(analyticsCspExtras(config)).toEqual({});
    expect(analyticsSetup(config)).toEqual({ scriptUrl: null, cookieNames: [] });
  });

  it("allows exactly the provider's origin when one is configured", () => {
    const config = parseConfig({
      ANALYTICS_SCRIPT_URL: "https://stats.example.net/v2/script.js?site=1",
      ANALYTICS_COOKIE_NAMES: "_st_id,_st_ses",
    });
    expect(analyticsCspExtras(config)).toEqual({
      scriptSrc: ["https://stats.example.net"],
      connectSrc: ["https://stats.example.net", "wss://stats.example.net"],
      imgSrc: ["https://stats.example.net"],
      frameSrc: ["https://stats.example.net"],
    });
    expect(analyticsSetup(config)).toEqual({
      scriptUrl: "https://stats.example.net/v2/script.js?site=1",
      cookieNames: ["_st_id", "_st_ses"],
    });
  });
});
