import { asc, eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { isPlaytestStage, type PlaytestStage } from "./playtest-stages";
import { ageOnDay } from "./signup.server";
import { playtestSignups, surveyResponses } from "./tables";

/**
 * The studio's selection of playtesters (there are no administrators on the site,
 * docs/requirements.md#overview): list and filter sign-ups with their survey answers, and invite
 * the chosen ones (their moves: playtest-status.server.ts). Used by the tool
 * `npm run playtest:select` (its commands: tools.server.ts).
 */

export type SignupListing = {
  id: string;
  name: string;
  email: string;
  phone: string;
  site: string;
  age: number;
  language: string;
  createdAt: string;
  invitedAt: string | null;
  stage: PlaytestStage;
  session: string | null;
  /** Local time at the site's office (YYYY-MM-DDTHH:MM). */
  sessionAt: string | null;
  answers: Record<string, unknown> | null;
};

export type SignupFilter = {
  site?: string;
  stage?: PlaytestStage;
  session?: string;
  answered?: boolean;
  invited?: boolean;
  minAge?: number;
  maxAge?: number;
};

export async function listSignups(
  db: Db,
  filter: SignupFilter = {},
  now = new Date(),
): Promise<SignupListing[]> {
  const rows = await db
    .select({ signup: playtestSignups, answers: surveyResponses.answers })
    .from(playtestSignups)
    .leftJoin(surveyResponses, eq(surveyResponses.signupId, playtestSignups.id))
    .where(filter.site ? eq(playtestSignups.site, filter.site) : undefined)
    .orderBy(asc(playtestSignups.createdAt));
  return rows
    .map(({ signup, answers }) => ({
      id: signup.id,
      name: signup.name,
      email: signup.email,
      phone: signup.phone,
      site: signup.site,
      age: ageOnDay(signup.dateOfBirth, now),
      language: signup.language,
      createdAt: signup.createdAt.toISOString(),
      invitedAt: signup.invitedAt?.toISOString() ?? null,
      stage: isPlaytestStage(signup.stage) ? signup.stage : "received",
      session: signup.session,
      sessionAt: signup.sessionAt,
      answers: answers ?? null,
    }))
    .filter(
      (s) =>
        (filter.stage === undefined || s.stage === filter.stage) &&
        (filter.session === undefined || s.session === filter.session) &&
        (filter.answered === undefined || (s.answers !== null) === filter.answered) &&
        (filter.invited === undefined || (s.invitedAt !== null) === filter.invited) &&
        (filter.minAge === undefined || s.age >= filter.minAge) &&
        (filter.maxAge === undefined || s.age <= filter.maxAge),
    );
}
