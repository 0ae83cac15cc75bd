import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { type Outcome, ok, refuse } from "~/platform/http/outcome";
import { getSurvey } from "./playtest.server";
import { findSignupBySurveyToken } from "./signup.server";
import { normalizeAnswers, validateSurveyAnswers } from "./survey-definition";
import { playtestSignups, surveyResponses } from "./tables";

/** The form tier's counter of the survey, spent by the page and the API alike. */
export const surveyLimit = "survey";

/** A token that is unknown, expired or already used. */
export const SURVEY_TOKEN_INVALID = "SURVEY_TOKEN_INVALID";
/** Answers that do not fit the survey; the refusal's messages are "questionId: CODE" per problem. */
export const SURVEY_ANSWERS_INVALID = "SURVEY_ANSWERS_INVALID";

/**
 * Stores a playtester's answers to a survey. The answers are checked against the survey's
 * definition (unknown question, missing required answer, wrong type → 400), then the one-time
 * token is spent in the same transaction as the answers are written, so it works exactly once.
 */
export async function submitSurvey(
  db: Db,
  code: string,
  submission: { token: string; answers: unknown },
  now = new Date(),
): Promise<Outcome> {
  const survey = await getSurvey(db, code);
  if (!survey) return refuse(404, "Not found");
  const problems = validateSurveyAnswers(survey, submission.answers);
  if (problems.length > 0) {
    const messages = problems.map((p) => `${p.question}: ${p.code}`);
    return refuse(400, SURVEY_ANSWERS_INVALID, { messages });
  }
  const signup = await findSignupBySurveyToken(db, submission.token, now);
  if (!signup) return refuse(403, SURVEY_TOKEN_INVALID);
  const answers = normalizeAnswers(survey, submission.answers as Record<string, unknown>);
  const stored = await db.transaction(async (tx) => {
    const spent = await tx
      .update(playtestSignups)
      .set({ surveyUsedAt: now })
      .where(and(eq(playtestSignups.id, signup.id), isNull(playtestSignups.surveyUsedAt)))
      .returning({ id: playtestSignups.id });
    if (spent.length === 0) return false;
    await tx.insert(surveyResponses).values({ signupId: signup.id, survey: code, answers, createdAt: now });
    return true;
  });
  return stored ? ok() : refuse(403, SURVEY_TOKEN_INVALID);
}
