/** The home page's texts as getHomeContent (home.server.ts) returns them, in one language. */
import type { Game } from "~/features/games";

export type ValuePanel = { slug: string; title: string; body: string; icon: string };
export type Award = {
  slug: string;
  title: string;
  organization: string;
  year: number;
  /** The game's display name, when the award is for one. */
  game: string | null;
};

export type HomeContent = {
  hero: { label: string; title: string; subtitle: string };
  /** Body texts are Markdown. */
  about: { title: string; body: string };
  vision: { title: string; body: string };
  banner: { title: string; body: string; linkLabel: string; link: string };
  valuePanels: ValuePanel[];
  awards: Award[];
  games: Game[];
};
