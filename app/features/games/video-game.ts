import type { Game } from "./types";

/**
 * VideoGame structured data for a game's page (schema.org; search engines read it), with the
 * press kit's trailer as a VideoObject when it has one. URLs are absolute.
 */
export function videoGameJsonLd(input: {
  game: Game;
  url: string;
  /** The key art as a JPEG (networks and search engines show no SVG). */
  image: string;
  studio: { name: string; website: string };
  trailer: {
    name: string;
    uploadDate: string;
    thumbnailUrl: string;
    embedUrl: string;
  } | null;
}) {
  const { game, studio, trailer } = input;
  return {
    "@context": "https://schema.org",
    "@type": "VideoGame",
    name: game.name,
    description: game.description,
    genre: game.genre,
    gamePlatform: game.platforms,
    ...(game.releaseDate ? { datePublished: game.releaseDate } : {}),
    image: input.image,
    url: input.url,
    ...(game.website ? { sameAs: game.website } : {}),
    author: { "@type": "Organization", name: studio.name, url: studio.website },
    ...(trailer
      ? {
          trailer: {
            "@type": "VideoObject",
            name: trailer.name,
            description: game.tagline,
            uploadDate: trailer.uploadDate,
            thumbnailUrl: trailer.thumbnailUrl,
            embedUrl: trailer.embedUrl,
          },
        }
      : {}),
  };
}
