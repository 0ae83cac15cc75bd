/**
 * What the site's shell (header, menus, footer, error page) shows of whoever runs the site,
 * described here so the frame needs no product code: any record with these fields fits.
 */

/** The networks the footer has a glyph for (SocialIcon); content may link only these. */
export const socialNetworks = [
  "x",
  "youtube",
  "instagram",
  "linkedin",
  "facebook",
  "tiktok",
  "discord",
  "twitch",
] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type SocialLink = { network: SocialNetwork; url: string; label: string };

export type SiteIdentity = {
  name: string;
  /** Path under public/, e.g. "/brand/logo.svg". */
  logo: string;
  tagline: string;
  /** The main site (external; opens in a new tab). */
  website: string;
  forumsUrl: string;
  businessUrl: string;
  socialLinks: SocialLink[];
  /** Listed in the footer, each linking to the home page's games. */
  games: Array<{ slug: string; name: string }>;
};

/**
 * Only the shell's fields of a record that has more (the studio's own holds its e-mail
 * addresses, size and year of founding): every page carries the root loader's data for
 * hydration, so it carries what the shell shows and nothing else.
 */
export function siteIdentity(record: SiteIdentity): SiteIdentity {
  const { name, logo, tagline, website, forumsUrl, businessUrl } = record;
  return {
    name,
    logo,
    tagline,
    website,
    forumsUrl,
    businessUrl,
    socialLinks: record.socialLinks.map(({ network, url, label }) => ({ network, url, label })),
    games: record.games.map(({ slug, name: gameName }) => ({ slug, name: gameName })),
  };
}
