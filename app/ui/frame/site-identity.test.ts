import { describe, expect, it } from "vitest";
import { type SiteIdentity, siteIdentity } from "./site-identity";

describe("siteIdentity", () => {
  it("keeps only what the shell shows of a record that holds more", () => {
    const shell: SiteIdentity = {
      name: "Stormkettle Studios",
      logo: "/brand/logo.svg",
      tagline: "Worlds worth getting lost in.",
      website: "https://www.stormkettle.example",
      forumsUrl: "https://forums.stormkettle.example",
      businessUrl: "https://business.stormkettle.example",
      socialLinks: [{ network: "youtube", url: "https://www.youtube.com/@stormkettle", label: "YouTube" }],
      games: [{ slug: "tidebound", name: "Tidebound" }],
    };
    const studio = {
      ...shell,
      email: { privacy: "privacy@stormkettle.example" },
      companySize: 500,
      socialLinks: shell.socialLinks.map((link) => ({ ...link, handle: "@stormkettle" })),
      games: shell.games.map((game) => ({ ...game, tagline: "Chart a drowned world." })),
    };
    expect(siteIdentity(studio)).toStrictEqual(shell);
  });
});
