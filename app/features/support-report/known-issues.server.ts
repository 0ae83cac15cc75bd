import { and, asc, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { patchNotesPath } from "~/features/patches";
import type { Db } from "~/platform/db/client.server";
import { knownIssueAffected, knownIssues } from "~/platform/db/schema";
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

/**
 * Known issues (docs/requirements.md#known-issues): the studio's published texts, searched like the
 * FAQ (folded LIKE over every language, at the start of words, which PGlite and PostgreSQL both
 * run without extensions),
 * and the "Me too" count, one per anonymous visitor.
 */

type Row = typeof knownIssues.$inferSelect;

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
  const today = new Date().toISOString().slice(0, 10);
  return and(
    eq(knownIssues.game, game),
    sql`${knownIssues.publishedOn} <= ${today}`,
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
    .select()
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
    .select()
    .from(knownIssues)
    .where(publishedFor(query.game, query.platform))
    .orderBy(desc(knownIssues.publishedOn), asc(knownIssues.slug));
  return rows.map((row) => toView(row, query.lang));
}

/** Every game's published known issues, newest first (the report page's short list). */
export async function listAllKnownIssues(db: Db, lang: Language): Promise<KnownIssueView[]> {
  const today = new Date().toISOString().slice(0, 10);
  const rows = await db
    .select()
    .from(knownIssues)
    .where(sql`${knownIssues.publishedOn} <= ${today}`)
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
 * once. One statement inserts the visitor's row and adds to the count only what it inserted, so
 * concurrent presses of one visitor count once and those of many all count. There is no undo:
 * the count says how many players are affected, not an opinion to change.
 */
export async function addMeToo(
  db: Db,
  input: { slug: string; cookieHeader: string | null | undefined; secure: boolean },
): Promise<Outcome<{ result: MeTooResult; setCookie?: string }>> {
  const visitor = resolveVisitor(input.cookieHeader, { secure: input.secure });
  const today = new Date().toISOString().slice(0, 10);
  const rows = await db.execute(sql`
    with issue as (
      select ${knownIssues.id} as id from ${knownIssues}
      where ${knownIssues.slug} = ${input.slug} and ${knownIssues.publishedOn} <= ${today}
    ), inserted as (
      insert into ${knownIssueAffected} (known_issue_id, visitor_hash)
      select id, ${visitor.hash} from issue
      on conflict do nothing
      returning known_issue_id
    )
    update ${knownIssues} set affected = affected + (select count(*) from inserted)
    where ${knownIssues.id} = (select id from issue)
    returning affected, (select count(*) from inserted) as added`);
  const row = (rows as unknown as { rows: Array<{ affected: number; added: number }> }).rows[0];
  if (!row) return refuse(404, "NOT_FOUND");
  return ok({
    result: { slug: input.slug, affected: Number(row.affected), added: Number(row.added) > 0 },
    setCookie: visitor.setCookie,
  });
}
