import { and, eq, isNull, lt } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { ageOn } from "~/platform/forms/date-of-birth";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { hashLinkToken, newLinkToken } from "~/platform/security/link-token.server";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { addMonths } from "~/platform/time/months";
import { listSiteSlugs } from "./playtest.server";
import { deleteSignups, playtestItemKind, recordReceived } from "./playtest-status.server";
import { type PlaytestSignupInput, playtestMinAge } from "./signup-form";
import { playtestSignups } from "./tables";

/** A refusal the visitor can act on; `code` is a playtesting catalog key under "errors.". */
export class SignupRefused extends Error {
  constructor(readonly code: "underage" | "unknownLocation") {
    super(code);
  }
}

/** Age in full years on `now`'s calendar day (UTC), for a YYYY-MM-DD birth date. */
export function ageOnDay(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split("-").map(Number) as [number, number, number];
  // ageOn reads local fields: a UTC day is passed as a local date of the same numbers.
  const today = new Date(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return ageOn({ year, month, day }, today);
}

const signupConfirmation = defineEmailTemplate(
  "playtest-signup",
  (
    p: {
      name: string;
      location: string;
      surveyUrl: string;
      removeUrl: string;
      statusUrl: string;
      months: number;
    },
    { t },
  ) => ({
    subject: t("mail:playtesting.signup.subject"),
    heading: t("mail:playtesting.signup.heading", { name: p.name }),
    paragraphs: [
      t("mail:playtesting.signup.received", { location: p.location }),
      t("mail:playtesting.signup.next"),
      t("mail:playtesting.signup.status", { url: p.statusUrl }),
      t("mail:playtesting.signup.survey"),
      t("mail:playtesting.signup.retention", { months: p.months }),
      t("mail:playtesting.signup.remove", { url: p.removeUrl }),
    ],
    action: { label: t("mail:playtesting.signup.surveyAction"), url: p.surveyUrl },
    reason: t("mail:playtesting.signup.reason"),
  }),
);

export type SignupResult = { id: string; surveyToken: string };

/**
 * Stores a sign-up and queues its confirmation e-mail in one transaction. The age is checked
 * again on the sign-up day (`now`): anyone under 18 is refused and nothing is stored.
 */
export async function signUpPlaytester(
  deps: { db: Db; config: Pick<Config, "publicUrl" | "PLAYTEST_RETENTION_MONTHS"> },
  input: PlaytestSignupInput,
  { lang, now = new Date() }: { lang: Language; now?: Date },
): Promise<SignupResult> {
  if (ageOnDay(input.dateOfBirth, now) < playtestMinAge) throw new SignupRefused("underage");
  const { db, config } = deps;
  if (!(await listSiteSlugs(db)).includes(input.location)) throw new SignupRefused("unknownLocation");
  const surveyToken = newLinkToken();
  const removalToken = newLinkToken();
  const studio = await getStudioInfo(db, lang);
  const tr = await translator(lang);
  const base = config.publicUrl;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(playtestSignups)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        site: input.location,
        dateOfBirth: input.dateOfBirth,
        language: lang,
        surveyTokenHash: hashLinkToken(surveyToken),
        removalTokenHash: hashLinkToken(removalToken),
        createdAt: now,
        stageChangedAt: now,
        expiresAt: addMonths(now, config.PLAYTEST_RETENTION_MONTHS),
      })
      .returning({ id: playtestSignups.id });
    await recordReceived(tx, row!.id, now);
    const statusToken = await createStatusLink(tx, playtestItemKind, row!.id);
    const email = await signupConfirmation.compose(
      { to: input.email, lang, studioName: studio.name, siteUrl: base },
      {
        name: input.name,
        location: tr(`playtesting:signUp.locations.${input.location}`),
        surveyUrl: `${base}${localizePath("/playtesting/survey", lang)}?token=${surveyToken}`,
        removeUrl: `${base}${localizePath("/playtesting/remove", lang)}?token=${removalToken}`,
        statusUrl: `${base}${localizePath(statusPath(statusToken), lang)}`,
        months: config.PLAYTEST_RETENTION_MONTHS,
      },
    );
    await enqueueEmail(tx, email, { kind: playtestItemKind, id: row!.id });
    return { id: row!.id, surveyToken };
  });
}

/** The sign-up a survey token opens, while its survey is unanswered and the sign-up kept. */
export async function findSignupBySurveyToken(db: Db, token: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      id: playtestSignups.id,
      language: playtestSignups.language,
      expiresAt: playtestSignups.expiresAt,
    })
    .from(playtestSignups)
    .where(
      and(eq(playtestSignups.surveyTokenHash, hashLinkToken(token)), isNull(playtestSignups.surveyUsedAt)),
    );
  return row && row.expiresAt > now ? row : null;
}

type Deleter = Pick<Services, "db" | "config">;

/**
 * Deletes the sign-up (its answers and e-mails) a removal token names; false when there is none. A seat
 * it held goes to the session's waitlist (deleteSignups).
 */
export async function removeSignup(svc: Deleter, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const which = eq(playtestSignups.removalTokenHash, hashLinkToken(token));
  return (await deleteSignups(svc, which)).length > 0;
}

/**
 * Deletes sign-ups (their answers and e-mails) past their retention date; returns how many. The seats
 * they held go to the sessions' waitlists, to testers kept (deleteSignups).
 */
export async function purgeExpiredSignups(svc: Deleter, now = new Date()): Promise<number> {
  return (await deleteSignups(svc, lt(playtestSignups.expiresAt, now))).length;
}
