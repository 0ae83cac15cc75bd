import type { Focus } from "~/ui/art/art";
/** An office as the queries (offices.server.ts) return it: texts in the requested language. */
import type { OfficeAddress } from "./tables";

export type { OfficeAddress };

export type Office = {
  slug: string;
  /** The city as the site names the office, e.g. "Quebec City". */
  name: string;
  country: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  continent: "europe" | "north-america" | "asia";
  address: OfficeAddress;
  latitude: number;
  longitude: number;
  /** IANA time zone, e.g. "America/Toronto". */
  timezone: string;
  email: string | null;
  phone: string | null;
  summary: string;
  /** Offers here publish pay (EU pay-transparency directive). */
  inEu: boolean;
  /** Where its city scene's landmark sits (content `art.focus`); null: the default. */
  artFocus: Focus | null;
};
