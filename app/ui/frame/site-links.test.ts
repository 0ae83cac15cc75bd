import { describe, expect, it } from "vitest";
import { isInSection, paths, primaryAfter, primaryBefore, workLink, workSubmenu } from "./site-links";

describe("site links", () => {
  it("orders the submenu Internship, Career, Playtest (docs/requirements.md#navigation-and-layout)", () => {
    expect(workSubmenu.map((l) => [l.key, l.path])).toEqual([
      ["internship", "/internships"],
      ["career", "/careers"],
      ["playtest", "/playtesting"],
    ]);
  });

  it("puts About first and Contact in the main menu", () => {
    expect(primaryBefore[0]).toEqual({ key: "about", path: "/" });
    expect(primaryAfter.map((l) => l.key)).toContain("contact");
  });

  it("uses the spec's paths for the account and legal pages", () => {
    expect(paths.login).toBe("/account/login");
    expect(paths.createAccount).toBe("/account/create");
    expect(paths.fanContentPolicy).toBe("/fan-content-policy");
  });
});

describe("isInSection", () => {
  it("marks Work at the studio on every careers page", () => {
    for (const path of [
      "/careers",
      "/careers/42",
      "/careers/locations/quebec",
      "/internships",
      "/playtesting",
    ]) {
      expect(isInSection(path, workLink), path).toBe(true);
    }
    expect(isInSection("/contact", workLink)).toBe(false);
  });

  it("marks About on the home page only", () => {
    expect(isInSection("/", primaryBefore[0]!)).toBe(true);
    expect(isInSection("/blog", primaryBefore[0]!)).toBe(false);
  });

  it("links Games to the home page's games and marks it on a game's page, not on the home page", () => {
    const games = primaryBefore.find((l) => l.key === "games")!;
    expect(games.path).toBe("/#games");
    expect(isInSection("/games/tidebound", games)).toBe(true);
    expect(isInSection("/", games)).toBe(false);
    expect(isInSection("/gamesroom", games)).toBe(false);
  });

  it("matches a section's sub-pages but not a look-alike path", () => {
    const blog = { key: "blog", path: "/blog" };
    expect(isInSection("/blog/first-post", blog)).toBe(true);
    expect(isInSection("/blog/", blog)).toBe(true);
    expect(isInSection("/blogroll", blog)).toBe(false);
  });
});
