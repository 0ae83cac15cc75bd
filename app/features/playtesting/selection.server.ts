import { asc, eq } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db } from "~/platform/db/client.server";
import { offices } from "~/platform/db/schema/content";
import { playtestSignups, playtestSites, surveyResponses } from "~/platform/db/schema/playtest";
import { isLanguage, type Language, languageTags, pick } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { ageOnDay } from "./signup.server";

/**
 * The studio's selection of playtesters (there are no administrators on the site,
 * docs/requirements.md#overview): list and filter sign-ups with their survey answers, and invite
 * the chosen ones by e-mail with the date and time (docs/requirements.md#playtesting). Used by
 * the tool `npm run playtest:select` (its commands: tools.server.ts).
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
  answers: Record<string, unknown> | null;
};

export type SignupFilter = {
  site?: string;
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
      answers: answers ?? null,
    }))
    .filter(
      (s) =>
        (filter.answered === undefined || (s.answers !== null) === filter.answered) &&
        (filter.invited === undefined || (s.invitedAt !== null) === filter.invited) &&
        (filter.minAge === undefined || s.age >= filter.minAge) &&
        (filter.maxAge === undefined || s.age <= filter.maxAge),
    );
}

const invitation = defineEmailTemplate(
  "playtest-invitation",
  (p: { name: string; when: string; site: string; address: string; note?: string }, { t }) => ({
    subject: t("playtesting:invite.subject"),
    heading: t("playtesting:invite.heading", { name: p.name }),
    paragraphs: [t("playtesting:invite.selected"), ...(p.note ? [p.note] : []), t("playtesting:invite.next")],
    details: [
      { label: t("playtesting:invite.when"), value: p.when },
      { label: t("playtesting:invite.where"), value: `${p.site} – ${p.address}` },
    ],
    reason: t("playtesting:email.reason"),
  }),
);

export class InviteError extends Error {}

/**
 * Invites a sign-up to a session at `at` (local time at the site's office): queues the e-mail in
 * the applicant's language and records the invitation, in one transaction.
 */
export async function inviteApplicant(
  deps: { db: Db; publicUrl: string },
  input: { id: string; at: string; note?: string },
  now = new Date(),
): Promise<{ to: string; when: string }> {
  const { db } = deps;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(input.at))
    throw new InviteError("--at must be YYYY-MM-DDTHH:MM");
  const [signup] = await db.select().from(playtestSignups).where(eq(playtestSignups.id, input.id));
  if (!signup) throw new InviteError(`No sign-up ${input.id}`);
  const [site] = await db.select().from(playtestSites).where(eq(playtestSites.slug, signup.site));
  const [office] = site ? await db.select().from(offices).where(eq(offices.slug, site.office)) : [];
  if (!site || !office) throw new InviteError(`The site "${signup.site}" or its office is gone`);
  const lang: Language = isLanguage(signup.language) ? signup.language : "en";
  const [date, time] = input.at.split("T") as [string, string];
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  // The wall-clock time at the office, written out with its time zone.
  const when = new Intl.DateTimeFormat(languageTags[lang], {
    dateStyle: "full",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d, hh, mm)));
  const a = office.address;
  const address = `${a.street}, ${a.postalCode} ${a.city}`;
  const studio = await getStudioInfo(db, lang);
  const email = await invitation.compose(
    { to: signup.email, lang, studioName: studio.name, siteUrl: deps.publicUrl },
    {
      name: signup.name,
      when: `${when} (${office.timezone})`,
      site: pick(site.name, lang) ?? site.slug,
      address,
      note: input.note,
    },
  );
  await db.transaction(async (tx) => {
    await tx.update(playtestSignups).set({ invitedAt: now }).where(eq(playtestSignups.id, signup.id));
    await enqueueEmail(tx, email);
  });
  return { to: signup.email, when: `${when} (${office.timezone})` };
}
