import { z } from "zod";
import { defaultLanguage, languages } from "~/platform/i18n/languages";
import { queryWords } from "~/platform/text/fold";
import { slugSchema } from "~/platform/text/slug-schema";
import { issuePlatforms } from "./issue-choices";
import type { KnownIssueStatus } from "./tables";

/**
 * Suggesting known issues while a player types a report (docs/requirements.md#known-issues):
 * the words of the summary and description, folded like every search (fold.ts), without the
 * words that say nothing about a problem, so "the game" alone suggests nothing.
 */
export const knownIssueSearchLimits = {
  /** A summary (150) and the start of a description are plenty to recognise an issue. */
  maxQuery: 1000,
  maxTerms: 24,
  minTermLength: 3,
  /** Suggestions shown at once: a short list the player can read before sending. */
  maxResults: 5,
} as const;

/** Common words of the three languages, folded, that would match every issue. */
const stopWords = new Set(
  (
    "the and for not but you can are was has had all any out get got one two its his her him our " +
    "after again when with that this have from there their they them then than what game games play " +
    "playing played does doesnt dont didnt just into about some only also still even every very will " +
    "would could should cannot cant been were because while being each other more most where which " +
    "les des une est pas que qui sur mon mes son ses aux par avec dans pour quand plus mais apres elle " +
    "sont comme tout tous jeu jeux jouer encore cette depuis sans mais fait faire peut alors " +
    "los las del por una con para cuando pero como juego juegos jugar esta este todo desde despues " +
    "sigue muy tengo hay mis sus hace puedo"
  ).split(" "),
);

/** The words that may find a known issue: folded, distinct, meaningful, a plural's "s" off. */
export function knownIssueTerms(text: string): string[] {
  const words = queryWords(text, {
    maxLength: knownIssueSearchLimits.maxQuery,
    maxWords: knownIssueSearchLimits.maxQuery,
  });
  const terms = words
    .filter((word) => word.length >= knownIssueSearchLimits.minTermLength && !stopWords.has(word))
    .map((word) => (word.length > 4 && word.endsWith("s") ? word.slice(0, -1) : word));
  return [...new Set(terms)].slice(0, knownIssueSearchLimits.maxTerms);
}

const gameSlug = slugSchema("Invalid slug");

/** The query string of GET /api/known-issues. */
export const knownIssueQuery = z.object({
  lang: z.enum(languages).default(defaultLanguage),
  game: gameSlug,
  platform: z.enum(issuePlatforms).optional(),
  q: z
    .string()
    .max(knownIssueSearchLimits.maxQuery * 6)
    .optional(),
});

export type KnownIssueQuery = z.output<typeof knownIssueQuery>;

export const knownIssueSlug = gameSlug;

/** A known issue as the report page and the API show it, in one language. */
export type KnownIssueView = {
  slug: string;
  game: string;
  /** The report form's platform values; null: every platform. */
  platforms: string[] | null;
  status: KnownIssueStatus;
  /** The patch that fixed it or will, when the studio names one. */
  patch: string | null;
  /** The patch notes of the fixing patch, when it is out (a path in the visitor's language). */
  patchNotes: string | null;
  publishedOn: string;
  title: string;
  text: string;
  affected: number;
};
