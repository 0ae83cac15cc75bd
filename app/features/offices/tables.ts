import { boolean, doublePrecision, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import type { Localized } from "~/platform/i18n/languages";
import type { Focus } from "~/ui/art/art";

export type OfficeAddress = {
  street: string;
  postalCode: string;
  city: string;
  region?: string;
  countryCode: string;
};

export const offices = pgTable("offices", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: jsonb("name").$type<Localized>().notNull(),
  country: jsonb("country").$type<Localized>().notNull(),
  continent: text("continent").notNull(),
  address: jsonb("address").$type<OfficeAddress>().notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  timezone: text("timezone").notNull(),
  email: text("email"),
  phone: text("phone"),
  summary: jsonb("summary").$type<Localized>().notNull(),
  /** Offices in the EU publish pay on every offer (Directive 2023/970). */
  /** How its city scene is framed (content `art:`); null: the default. */
  art: jsonb("art").$type<{ focus: Focus }>(),
  inEu: boolean("in_eu").notNull().default(false),
  sort: integer("sort").notNull().default(0),
});
