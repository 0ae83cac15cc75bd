import type { SocialNetwork } from "./site-identity";
import sprite from "./social-icons.svg?no-inline";

/**
 * Simple, recognisable glyphs for the social networks, drawn for this site on a 24 px grid
 * (social-icons.svg). One file of symbols, fetched once and kept (its name carries its hash),
 * instead of their drawings in every page's HTML and in the frame's script; a glyph reached
 * through <use> still takes the link's colour (currentColor). Decorative: the link carries the
 * accessible name.
 */
export function SocialIcon({ network }: { network: SocialNetwork }) {
  return (
    <svg
      className="social-icon"
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${network}`} />
    </svg>
  );
}
