import { asc, desc, eq, sql } from "drizzle-orm";
import { pick } from "~/platform/i18n/languages";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { deleteSignups, playtestItemKind } from "./playtest-status.server";
import { playtestSignupStages, playtestSignups, playtestSites, surveyResponses } from "./tables";

/**
 * Playtest sign-ups and their survey answers as personal data (docs/requirements.md#data-rights).
 * The link secrets (survey and removal tokens, stored hashed) are not exported; the stages
 * reached (with the signed NDA's version, time and typed name) are.
 */
export const playtestPersonalData = definePersonalData({
  kind: playtestItemKind,
  async listByEmail(db, email, lang) {
    const rows = await db
      .select({ signup: playtestSignups, siteName: playtestSites.name })
      .from(playtestSignups)
      .leftJoin(playtestSites, eq(playtestSites.slug, playtestSignups.site))
      .where(sql`lower(${playtestSignups.email}) = lower(${email})`)
      .orderBy(desc(playtestSignups.createdAt));
    return rows.map(({ signup, siteName }) => ({
      id: signup.id,
      // The location as the playtesting page names it; its slug if the site left the content.
      label: (siteName && pick(siteName, lang)) || signup.site,
      createdAt: signup.createdAt,
      deleteOn: signup.expiresAt,
    }));
  },
  async ids(db) {
    return (await db.select({ id: playtestSignups.id }).from(playtestSignups)).map((r) => r.id);
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(playtestSignups).where(eq(playtestSignups.id, id));
    if (!row) return null;
    const { surveyTokenHash: _survey, removalTokenHash: _removal, ...signup } = row;
    const answers = await svc.db
      .select({
        survey: surveyResponses.survey,
        answers: surveyResponses.answers,
        at: surveyResponses.createdAt,
      })
      .from(surveyResponses)
      .where(eq(surveyResponses.signupId, id));
    const stages = await svc.db
      .select({
        stage: playtestSignupStages.stage,
        session: playtestSignupStages.session,
        at: playtestSignupStages.at,
      })
      .from(playtestSignupStages)
      .where(eq(playtestSignupStages.signupId, id))
      .orderBy(asc(playtestSignupStages.at));
    return { json: { ...signup, stages, surveyAnswers: answers }, files: [] };
  },
  async remove(svc, id) {
    // Its survey answers and e-mails go with it, and a seat it held to the session's waitlist.
    return (await deleteSignups(svc, eq(playtestSignups.id, id))).length > 0;
  },
});
