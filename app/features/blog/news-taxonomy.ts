import { fold } from "~/platform/text/fold";

/**
 * The blog's vocabularies, shared by the content files, the API and the pages. Labels are in the
 * `blog` catalog (`categories.<slug>`, `tags.<slug>`): a new term needs a label in en, fr and es.
 */
export const NEWS_CATEGORIES = ["studio", "games", "culture", "playtesting"] as const;
export type NewsCategory = (typeof NEWS_CATEGORIES)[number];

export const NEWS_TAGS = [
  "quebec",
  "gent",
  "barcelona",
  "warsaw",
  "kuala-lumpur",
  "guildford",
  "dublin",
  "tidebound",
  "emberfall-tactics",
  "ashen-covenant",
  "the-lantern-court",
  "hiring",
  "internships",
  "accessibility",
  "events",
  "community",
  "technology",
  "awards",
  "patch-notes",
] as const;
export type NewsTag = (typeof NEWS_TAGS)[number];

export const NEWS_SORTS = ["latest", "oldest"] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/** Articles per page on the blog and the API's default; the API accepts up to the maximum. */
export const NEWS_PAGE_SIZE = 9;
export const NEWS_MAX_PAGE_SIZE = 50;
/** The longest search text accepted (a visitor's query, not a document). */
export const NEWS_QUERY_MAX = 100;

/**
 * Text as the search compares it: lower case, accents removed ("Québec" → "quebec"), ligatures
 * opened ("œuvre" → "oeuvre"), Markdown marks and punctuation turned into single spaces.
 */
export function normalizeSearchText(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
