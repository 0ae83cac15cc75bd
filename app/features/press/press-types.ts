import type { TrailerView } from "~/features/embeds";
import type { GameFraming } from "~/ui/art/art";
import type { PressKitKind } from "./tables";
/**
 * A press kit as pages and `GET /api/presses` show it: plain, serializable, texts already in
 * the requested language (press.server.ts builds it). Kept apart so components can import it.
 */

export type PressFile = {
  name: string;
  caption: string;
  /** "PNG", "JPEG", "SVG". */
  format: string;
  bytes: number;
  width: number;
  height: number;
  /** Downloads the file (Content-Disposition: attachment). */
  url: string;
  thumbnail: { url: string; width: number; height: number };
};

export type PressKit = {
  slug: string;
  name: string;
  kind: PressKitKind;
  /** Slug of the kit's game (game kits). */
  game: string | null;
  /** How the game's key art is cut (content); null: the default, or no game. */
  gameArt: GameFraming | null;
  archived: boolean;
  /** ISO date (YYYY-MM-DD) of this version of the kit. */
  updatedOn: string;
  tagline: string;
  facts: {
    developer: string;
    publisher: string | null;
    basedIn: string;
    /** ISO date; for the studio kit, its founding. */
    releaseDate: string | null;
    platforms: string[];
    website: string | null;
    price: Array<{ amount: number; currency: string }>;
  };
  description: string;
  history: string;
  features: string[];
  videos: Array<{ title: string; url: string; duration: string; poster: PressFile["thumbnail"] }>;
  /** The trailer played in the page after a click (features/embeds). */
  trailer:
    | (TrailerView & {
        poster: PressFile["thumbnail"];
        /** ISO date the video was published. */
        uploadDate: string;
      })
    | null;
  images: PressFile[];
  logos: PressFile[];
  awards: Array<{ title: string; organization: string; year: number }>;
  quotes: Array<{ quote: string; author: string | null; outlet: string; url: string | null }>;
  monetization: string;
  team: Array<{ name: string; role: string }>;
  contacts: Array<{ label: string; email: string }>;
  /** The whole kit as one zip in the requested language. */
  download: { url: string; bytes: number };
};

export type PressKits = { current: PressKit[]; archive: PressKit[] };

/** A fact of the fact sheet, its value written out; its label is `facts.<key>` of the catalog. */
export type KitFact = {
  key: "developer" | "publisher" | "basedIn" | "founded" | "releaseDate" | "platforms" | "website" | "price";
  value: string;
};

export type LabelledFile = PressFile & { size: string };

/**
 * A kit as its page shows it: dates, sizes and prices written on the server (press-format.ts
 * `withLabels`), so the browser's ICU data cannot write them differently at hydration.
 */
export type LabelledKit = Omit<PressKit, "images" | "logos"> & {
  images: LabelledFile[];
  logos: LabelledFile[];
  labels: { updated: string; zipSize: string; facts: KitFact[] };
};
