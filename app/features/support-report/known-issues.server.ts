import { and, asc, desc, eq, getTableColumns, isNull, type SQL, sql } from "drizzle-orm";
import { patchNotesPath } from "~/features/patches";
import type { Db } from "~/platform/db/client.server";
import { isForeignKeyViolation } from "~/platform/db/sql-errors";
import { type Outcome, ok, refuse } from "~/platform/http/outcome";
import { type Language, languages, pick } from "~/platform/i18n/languages";
import { resolveVisitor } from "~/platform/privacy/anonymous-visitor.server";
import { foldSql } from "~/platform/text/fold-sql.server";
import {
  type KnownIssueQuery,
  type KnownIssueView,
  knownIssueSearchLimits,
  knownIssueTerms,
} from "./known-issue-search";
import { knownIssueAffected, knownIssues } from "./tables";

/**
 * Known issues (docs/requirements.md#known-issues): the studio's published texts, searched like the
 * FAQ (folded LIKE over every language, at the start of words, which PGlite and PostgreSQL both
 * run without extensions),
 * and the "Me too" count, one per anonymous visitor.
 */

/** The players who pressed "Me too", counted from their rows (one per visitor and issue). */
const affectedCount =
  sql<number>`(select count(*) from ${knownIssueAffected} where ${knownIssueAffected.knownIssueId} = ${knownIssues.id})`.mapWith(
    Number,
  );

/** Every column of an issue, and its count. */
const issueColumns = { ...getTableColumns(knownIssues), affected: affectedCount };

type Row = typeof knownIssues.$inferSelect & { affected: number };

/** From its date on: an issue the studio dated ahead stays unseen until then. */
const isPublished = () => sql`${knownIssues.publishedOn} <= ${new Date().toISOString().slice(0, 10)}`;

function toView(row: Row, lang: Language): KnownIssueView {
  return {
    slug: row.slug,
    game: row.game,
    platforms: row.platforms,
    status: row.status,
    patch: row.patch,
    patchNotes: row.status === "fixed" && row.patch ? patchNotesPath(row.game, row.patch, lang) : null,
    publishedOn: row.publishedOn,
    title: pick(row.title, lang) ?? "",
    text: pick(row.text, lang) ?? "",
    affected: row.affected,
  };
}

const allLanguages = (column: typeof knownIssues.title | typeof knownIssues.text) =>
  sql.join(
    languages.map((lang) => sql`coalesce(${column}->>${lang}, '')`),
    sql` || ' ' || `,
  );

/**
 * A text's folded words, space-separated and space-framed, so a term is looked for at the start
 * of a word: "crash" finds "crashes", but "sent" does not find "apparaissent" (the FAQ's search
 * looks anywhere; a report's many words would find too much by chance that way).
 */
const wordsOf = (text: SQL) => sql`(' ' || regexp_replace(${foldSql(text)}, '[^a-z0-9]+', ' ', 'g'))`;

/** LIKE pattern for a folded term at the start of a word, its wildcards taken literally. */
const likePattern = (term: string) => `% ${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published (from its date on), of this game, and on this platform when one is given. */
function publishedFor(game: string, platform: string | undefined): SQL {
  return and(
    eq(knownIssues.game, game),
    isPublished(),
    platform
      ? sql`(${isNull(knownIssues.platforms)} or ${knownIssues.platforms} @> jsonb_build_array(${platform}::text))`
      : undefined,
  ) as SQL;
}

/**
 * The known issues a report's words point at, best first. An issue must share two of the words
 * (one when only one was typed), in its title or text in any language, so a single common word
 * of a long description does not drag every issue in; words in the title count double.
 */
export async function searchKnownIssues(db: Db, query: KnownIssueQuery): Promise<KnownIssueView[]> {
  const terms = knownIssueTerms(query.q ?? "");
  if (terms.length === 0) return [];
  const titleAny = wordsOf(allLanguages(knownIssues.title));
  const textAny = wordsOf(allLanguages(knownIssues.text));
  const matched = sql.join(
    terms.map((term) => {
      const pattern = likePattern(term);
      return sql`(case when ${titleAny} like ${pattern} or ${textAny} like ${pattern} then 1 else 0 end)`;
    }),
    sql` + `,
  );
  const score = sql.join(
    terms.map((term) => sql`(case when ${titleAny} like ${likePattern(term)} then 1 else 0 end)`),
    sql` + `,
  );
  const rows = await db
    .select(issueColumns)
    .from(knownIssues)
    .where(and(publishedFor(query.game, query.platform), sql`(${matched}) >= ${Math.min(2, terms.length)}`))
    .orderBy(sql`(${matched}) + (${score}) desc`, desc(knownIssues.publishedOn), asc(knownIssues.slug))
    .limit(knownIssueSearchLimits.maxResults);
  return rows.map((row) => toView(row, query.lang));
}

/** Every published known issue of a game (of one platform, when given), newest first. */
export async function listKnownIssues(
  db: Db,
  query: { game: string; platform?: string; lang: Language },
): Promise<KnownIssueView[]> {
  const rows = await db
    .select(issueColumns)
    .from(knownIssues)
    .where(publishedFor(query.game, query.platform))
    .orderBy(desc(knownIssues.publishedOn), asc(knownIssues.slug));
  return rows.map((row) => toView(row, query.lang));
}

/** Every game's published known issues, newest first (the report page's short list). */
export async function listAllKnownIssues(db: Db, lang: Language): Promise<KnownIssueView[]> {
  const rows = await db
    .select(issueColumns)
    .from(knownIssues)
    .where(isPublished())
    .orderBy(asc(knownIssues.game), desc(knownIssues.publishedOn), asc(knownIssues.slug));
  return rows.map((row) => toView(row, lang));
}

export type MeTooResult = {
  slug: string;
  /** Players counted as affected, this visitor included. */
  affected: number;
  /** False when this visitor was already counted: pressing again changes nothing. */
  added: boolean;
};

/** The form tier's counter of "Me too", spent by the page and the API alike. */
export const knownIssueMeTooLimit = "known-issue-me-too";

/**
 * "Me too" on a published known issue, the one use case behind the report page's buttons and
 * POST /api/known-issues/{slug}/me-too: the visitor (a new one gets the cookie to set) is counted
 * once: the primary key (issue, visitor) takes a second press of the same visitor as nothing,
 * whatever the timing, and the count is the rows. There is no undo: the count says how many
 * players are affected, not an opinion to change.
 */
export async function addMeToo(
  db: Db,
  input: { slug: string; cookieHeader: string | null | undefined; secure: boolean },
): Promise<Outcome<{ result: MeTooResult; setCookie?: string }>> {
  const visitor = resolveVisitor(input.cookieHeader, { secure: input.secure });
  const [issue] = await db
    .select({ id: knownIssues.id })
    .from(knownIssues)
    .where(and(eq(knownIssues.slug, input.slug), isPublished()));
  if (!issue) return refuse(404, "NOT_FOUND");
  let inserted: unknown[];
  try {
    inserted = await db
      .insert(knownIssueAffected)
      .values({ knownIssueId: issue.id, visitorHash: visitor.hash })
      .onConflictDoNothing()
      .returning({ id: knownIssueAffected.knownIssueId });
  } catch (err) {
    // Removed from the content since it was looked up.
    if (isForeignKeyViolation(err)) return refuse(404, "NOT_FOUND");
    throw err;
  }
  const [row] = await db
    .select({ affected: affectedCount })
    .from(knownIssues)
    .where(eq(knownIssues.id, issue.id));
  if (!row) return refuse(404, "NOT_FOUND");
  return ok({
    result: { slug: input.slug, affected: row.affected, added: inserted.length > 0 },
    setCookie: visitor.setCookie,
  });
}
