/**
 * Link-preview images (Open Graph / Twitter), rendered by scripts/social-images.ts into public/.
 * Paths are site-relative; page-seo makes them absolute with the public origin.
 */
export const socialImage = {
  width: 1200,
  height: 630,
  /** Every page without an image of its own. */
  studio: "/images/social/studio.jpg",
  /** Job and location pages: their office's illustration. */
  office: (slug: string) => `/images/social/offices/${slug}.jpg`,
  /** A game's page: its key art. */
  game: (slug: string) => `/images/social/games/${slug}.jpg`,
} as const;
