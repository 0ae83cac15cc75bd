import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/** First-party analytics: page views counted per route and day, nothing about the visitor. */
export const analyticsPageviews = pgTable(
  "analytics_pageviews",
  {
    route: text("route").notNull(),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.route, t.day] })],
);
