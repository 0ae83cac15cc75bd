import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { playtestSignups, surveyResponses } from "~/platform/db/schema/playtest";
import { HttpError } from "~/platform/http/errors.server";
import { getSurvey } from "./playtest.server";
import { findSignupBySurveyToken } from "./signup.server";
import { normalizeAnswers, validateSurveyAnswers } from "./survey-definition";

/** The messages of a refused submission: "questionId: CODE" per problem. */
export const SURVEY_TOKEN_INVALID = "SURVEY_TOKEN_INVALID";

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
): Promise<void> {
  const survey = await getSurvey(db, code);
  if (!survey) throw new HttpError(404, ["Not found"]);
  const problems = validateSurveyAnswers(survey, submission.answers);
  if (problems.length > 0)
    throw new HttpError(
      400,
      problems.map((p) => `${p.question}: ${p.code}`),
    );
  const signup = await findSignupBySurveyToken(db, submission.token, now);
  if (!signup) throw new HttpError(403, [SURVEY_TOKEN_INVALID]);
  const answers = normalizeAnswers(survey, submission.answers as Record<string, unknown>);
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(playtestSignups)
      .set({ surveyUsedAt: now })
      .where(and(eq(playtestSignups.id, signup.id), isNull(playtestSignups.surveyUsedAt)))
      .returning({ id: playtestSignups.id });
    if (spent.length === 0) throw new HttpError(403, [SURVEY_TOKEN_INVALID]);
    await tx.insert(surveyResponses).values({ signupId: signup.id, survey: code, answers, createdAt: now });
  });
}
