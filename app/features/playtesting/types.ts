import type { OfficeAddress } from "~/features/offices";
import type { PlaytestSessionKind, PlaytestSessionStatus } from "./tables";

/** Shapes the playtest queries return: texts already in the requested language. */

export type PlaytestView = {
  id: string;
  kind: PlaytestSessionKind;
  title: string;
  description: string;
  /** ISO dates, inclusive. */
  startsOn: string;
  endsOn: string;
  status: PlaytestSessionStatus;
};

export type PlaytestSiteView = {
  slug: string;
  name: string;
  office: { slug: string; name: string; address: OfficeAddress } | null;
  playtests: PlaytestView[];
};
