import type { OfficeAddress } from "~/features/offices";
import type { PlaytestSessionKind, PlaytestSessionStatus } from "./tables";

/** Shapes the playtest queries return: texts already in the requested language. */

export type PlaytestView = {
  id: string;
  kind: PlaytestSessionKind;
  /** Slug of the game played, when the session names one. */
  game: string | null;
  title: string;
  description: string;
  /** ISO dates, inclusive. */
  startsOn: string;
  endsOn: string;
  status: PlaytestSessionStatus;
};

/** A current playtest as its card shows it: dates already formatted on the server. */
export type CurrentPlaytest = PlaytestView & {
  siteSlug: string;
  site: string;
  office: string | null;
  dates: string;
};

export type PlaytestSiteView = {
  slug: string;
  name: string;
  office: { slug: string; name: string; address: OfficeAddress } | null;
  playtests: PlaytestView[];
};
