import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { type Outcome, ok, refuse } from "~/platform/http/outcome";
import { resolveVisitor } from "~/platform/privacy/anonymous-visitor.server";
import { faqItems, faqVotes } from "./tables";

/**
 * "Was this helpful?" (docs/requirements.md#support-and-faq: GET and POST /api/faqs/vote/{id}): one
 * vote per visitor and answer, a new vote replaces the old one. The visitor is the anonymous one of
 * app/platform/privacy/anonymous-visitor.server.ts (only a hash of its cookie is stored).
 */

export type FaqVoteSummary = {
  id: number;
  helpful: number;
  notHelpful: number;
  /** This visitor's vote: true (helpful), false (not helpful) or null (none yet). */
  vote: boolean | null;
};

async function faqExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: faqItems.id }).from(faqItems).where(eq(faqItems.id, id));
  return Boolean(row);
}

async function summary(db: Db | Tx, id: number, visitorHash: string | null): Promise<FaqVoteSummary> {
  const [counts] = await db
    .select({
      helpful: sql<number>`count(*) filter (where ${faqVotes.helpful})`.mapWith(Number),
      notHelpful: sql<number>`count(*) filter (where not ${faqVotes.helpful})`.mapWith(Number),
    })
    .from(faqVotes)
    .where(eq(faqVotes.faqItemId, id));
  let vote: boolean | null = null;
  if (visitorHash) {
    const [own] = await db
      .select({ helpful: faqVotes.helpful })
      .from(faqVotes)
      .where(and(eq(faqVotes.faqItemId, id), eq(faqVotes.visitorHash, visitorHash)));
    vote = own ? own.helpful : null;
  }
  return { id, helpful: counts?.helpful ?? 0, notHelpful: counts?.notHelpful ?? 0, vote };
}

/** The counts of an answer and this visitor's vote; null when no answer has this id. */
export async function getFaqVotes(db: Db, id: number, visitorHash: string | null) {
  if (!(await faqExists(db, id))) return null;
  return summary(db, id, visitorHash);
}

/** Records (or replaces) a visitor's vote and returns the new counts; null for an unknown answer. */
export async function castFaqVote(
  db: Db,
  id: number,
  visitorHash: string,
  helpful: boolean,
): Promise<FaqVoteSummary | null> {
  return db.transaction(async (tx) => {
    if (!(await faqExists(tx, id))) return null;
    await tx
      .insert(faqVotes)
      .values({ faqItemId: id, visitorHash, helpful })
      .onConflictDoUpdate({
        target: [faqVotes.faqItemId, faqVotes.visitorHash],
        set: { helpful, updatedAt: sql`now()` },
      });
    return summary(tx, id, visitorHash);
  });
}

/** The form tier's counter of the vote, spent by the page and the API alike. */
export const faqVoteLimit = "faq-vote";

/**
 * A visitor's vote, the one use case behind the answer page's form and POST /api/faqs/vote/{id}:
 * the visitor of the request (a new one gets the cookie to set), their vote recorded, the new
 * counts; an unknown answer is refused with NOT_FOUND.
 */
export async function voteOnFaq(
  db: Db,
  vote: { id: number; helpful: boolean; cookieHeader: string | null | undefined; secure: boolean },
): Promise<Outcome<{ votes: FaqVoteSummary; setCookie?: string }>> {
  const visitor = resolveVisitor(vote.cookieHeader, { secure: vote.secure });
  const votes = await castFaqVote(db, vote.id, visitor.hash, vote.helpful);
  return votes ? ok({ votes, setCookie: visitor.setCookie }) : refuse(404, "NOT_FOUND");
}
