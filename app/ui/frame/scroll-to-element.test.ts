import { describe, expect, it } from "vitest";
import { animatedAnchors, scrollKey } from "./SiteScrollRestoration";
import { easeInOutCubic, smoothScrollDurationMs } from "./scroll-to-element";

describe("smooth scroll", () => {
  it("lasts 1000 ms (docs/requirements.md#navigation-and-layout)", () => {
    expect(smoothScrollDurationMs).toBe(1000);
  });

  it("eases from start to end without overshooting", () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    let previous = 0;
    for (let t = 0.05; t <= 1; t += 0.05) {
      const value = easeInOutCubic(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(value).toBeLessThanOrEqual(1);
      previous = value;
    }
  });

  it("animates to #games and #js-careers only", () => {
    expect([...animatedAnchors].sort()).toEqual(["games", "js-careers"]);
  });

  it("keys a location by its history entry before anything is shown (server render)", () => {
    expect(scrollKey({ key: "abc", pathname: "/careers", search: "?team=art", hash: "" })).toBe("abc");
  });
});
