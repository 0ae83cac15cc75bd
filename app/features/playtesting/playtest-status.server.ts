import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { offices } from "~/features/offices/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { dateTimeFormat, formatDate } from "~/platform/i18n/format";
import { isLanguage, type Language, languageTags, localizePath, pick } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { deleteItemTraces } from "~/platform/privacy/item-traces.server";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { localTimeToInstant } from "~/platform/time/zoned";
import {
  declinableStages,
  isClosedStage,
  isPlaytestStage,
  type PlaytestStage,
  seatStages,
} from "./playtest-stages";
import { type PlaytestSession, playtestSignupStages, playtestSignups, playtestSites } from "./tables";

/**
 * A playtest sign-up's way from sign-up to the session (docs/requirements.md#playtesting,
 * #status-pages): the studio moves it with `npm run playtest:select` (tools.server.ts), the
 * tester confirms a seat or says "I can't make it" on the status page. Every change is one
 * conditional update dated by `clock_timestamp()`, with its e-mail in the same transaction.
 * Seats: whatever may change who holds a session's seats (a confirmation, a cancellation, an
 * invitation past the seats, a deletion) first locks the site's row (`SELECT … FOR UPDATE`), so
 * two testers taking the last seat are counted one after the other and a seat is never given twice.
 */

export type SignupStatus = {
  id: string;
  name: string;
  email: string;
  language: Language;
  site: string;
  stage: PlaytestStage;
  stageChangedAt: Date;
  session: string | null;
  sessionAt: string | null;
  sessionStartsAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
  /** Each stage reached, oldest first; the sign-up itself is the first ("received"). */
  history: Array<{ stage: PlaytestStage; at: Date }>;
};

const asStage = (value: string): PlaytestStage => (isPlaytestStage(value) ? value : "received");

export async function signupStatus(db: Db | Tx, id: string): Promise<SignupStatus | null> {
  const [row] = await db.select().from(playtestSignups).where(eq(playtestSignups.id, id));
  if (!row) return null;
  const stages = await db
    .select({ stage: playtestSignupStages.stage, at: playtestSignupStages.at })
    .from(playtestSignupStages)
    .where(eq(playtestSignupStages.signupId, id))
    .orderBy(asc(playtestSignupStages.at));
  const history = stages.map((s) => ({ stage: asStage(s.stage), at: s.at }));
  // Sign-ups from before stages were recorded start with their sending.
  if (history[0]?.stage !== "received") history.unshift({ stage: "received", at: row.createdAt });
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : "en",
    site: row.site,
    stage: asStage(row.stage),
    stageChangedAt: row.stageChangedAt,
    session: row.session,
    sessionAt: row.sessionAt,
    sessionStartsAt: row.sessionStartsAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    history,
  };
}

/** A session with its site and the office that runs it: what the invitation and the page say. */
export type SessionPlace = {
  session: PlaytestSession;
  siteName: string;
  address: string;
  timezone: string;
};

export async function sessionPlace(
  db: Db | Tx,
  site: string,
  session: string,
  lang: Language,
): Promise<SessionPlace | null> {
  const [siteRow] = await db.select().from(playtestSites).where(eq(playtestSites.slug, site));
  const found = siteRow?.sessions.find((s) => s.slug === session);
  if (!siteRow || !found) return null;
  const [office] = await db.select().from(offices).where(eq(offices.slug, siteRow.office));
  if (!office) return null;
  const a = office.address;
  return {
    session: { ...found, seats: found.seats ?? 10 },
    siteName: pick(siteRow.name, lang) ?? siteRow.slug,
    address: `${a.street}, ${a.postalCode} ${a.city}`,
    timezone: office.timezone,
  };
}

/** The session's start as the tester reads it: the office's wall clock, with its time zone. */
export function formatSessionStart(sessionAt: string, timezone: string, lang: Language): string {
  const instant = localTimeToInstant(sessionAt, timezone);
  if (!instant) return sessionAt;
  // The office's clock, with its zone as people write it ("HNE", "EST", "CET"), not its IANA name.
  return dateTimeFormat(languageTags[lang], {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: timezone,
    timeZoneName: "short",
  }).format(instant);
}

/** Why a change was not made; each is a playtesting catalog key under "status.refused.". */
export type PlaytestRefusal =
  | "notFound"
  | "closed"
  | "notAllowed"
  | "unknownSession"
  | "badTime"
  | "noSession";

export type PlaytestChange =
  | { ok: true; status: SignupStatus; to: PlaytestStage }
  | { ok: false; code: PlaytestRefusal };

type Mover = Pick<Services, "db" | "config">;

/**
 * What the outbox, the status links and the data-rights pages call a playtest sign-up: its
 * e-mails and links are named by it and its id, and go with it (deleteSignups).
 */
export const playtestItemKind = "playtest";

const stageEmail = (stage: PlaytestStage | "reminder", kind = `playtest-${stage}`) =>
  defineEmailTemplate(
    kind,
    (
      p: {
        name: string;
        statusUrl: string;
        session?: string;
        when?: string;
        where?: string;
        icsUrl?: string;
        deleteOn: string;
        note?: string;
        appendix?: string[];
      },
      { t },
    ) => ({
      subject: t(`mail:playtesting.status.${stage}.subject`),
      heading: t("mail:playtesting.status.heading", { name: p.name }),
      paragraphs: [
        t(`mail:playtesting.status.${stage}.body`, { session: p.session ?? "", date: p.deleteOn }),
        ...(p.note ? [p.note] : []),
        ...(p.appendix ?? []),
        ...(p.icsUrl ? [t("mail:playtesting.status.calendar", { url: p.icsUrl })] : []),
      ],
      details: p.when
        ? [
            { label: t("playtesting:invite.when"), value: p.when },
            { label: t("playtesting:invite.where"), value: p.where ?? "" },
          ]
        : undefined,
      action: { label: t("mail:playtesting.status.action"), url: p.statusUrl },
      reason: t("mail:playtesting.signup.reason"),
    }),
  );

const emails = {
  received: stageEmail("received"),
  waitlisted: stageEmail("waitlisted"),
  callInvited: stageEmail("callInvited"),
  // The invitation keeps the kind it had before stages existed (the tools' tests look for it).
  sessionInvited: stageEmail("sessionInvited", "playtest-invitation"),
  confirmed: stageEmail("confirmed"),
  signed: stageEmail("signed"),
  attended: stageEmail("attended"),
  notSelected: stageEmail("notSelected"),
  declined: stageEmail("declined"),
  reminder: stageEmail("reminder"),
} satisfies Record<PlaytestStage | "reminder", unknown>;

/**
 * Queues the e-mail about `stage` to the sign-up's person, with a fresh status link (and the
 * calendar file's address when a session is set), inside the change's transaction.
 */
export async function emailStage(
  svc: Mover,
  tx: Tx,
  signup: Pick<SignupStatus, "id" | "name" | "email" | "language" | "site" | "expiresAt"> & {
    session: string | null;
    sessionAt: string | null;
  },
  stage: PlaytestStage | "reminder",
  note?: string,
  /** Paragraphs after the message (the signed NDA's text). */
  appendix?: string[],
) {
  const lang = signup.language;
  const token = await createStatusLink(tx, playtestItemKind, signup.id);
  const pageUrl = `${svc.config.publicUrl}${localizePath(statusPath(token), lang)}`;
  const place = signup.session ? await sessionPlace(tx, signup.site, signup.session, lang) : null;
  const withTime = stage === "sessionInvited" || stage === "confirmed" || stage === "reminder";
  const studio = await getStudioInfo(tx, lang);
  const email = await emails[stage].compose(
    { to: signup.email, lang, studioName: studio.name, siteUrl: svc.config.publicUrl },
    {
      name: signup.name,
      statusUrl: pageUrl,
      session: place ? (pick(place.session.title, lang) ?? place.session.slug) : undefined,
      when:
        withTime && place && signup.sessionAt
          ? formatSessionStart(signup.sessionAt, place.timezone, lang)
          : undefined,
      where: place ? `${place.siteName} – ${place.address}` : undefined,
      icsUrl: withTime && place && signup.sessionAt ? `${pageUrl}/session.ics` : undefined,
      deleteOn: formatDate(signup.expiresAt, lang),
      note,
      appendix,
    },
  );
  await enqueueEmail(tx, email, { kind: playtestItemKind, id: signup.id });
}

type StageSet = Pick<
  Partial<typeof playtestSignups.$inferInsert>,
  "session" | "sessionAt" | "sessionStartsAt" | "remindedAt"
> & { invitedAt?: SQL };

/**
 * Sets the stage in one conditional update (the stage must still be one of `from`) and records
 * it, dated when the update takes the row. Returns the updated row, or null when another change
 * came first.
 */
async function setStage(
  tx: Tx,
  id: string,
  from: readonly PlaytestStage[],
  to: PlaytestStage,
  extra: StageSet = {},
) {
  const [row] = await tx
    .update(playtestSignups)
    .set({ stage: to, stageChangedAt: sql`clock_timestamp()`, ...extra })
    .where(and(eq(playtestSignups.id, id), inArray(playtestSignups.stage, [...from])))
    .returning();
  if (!row) return null;
  await tx
    .insert(playtestSignupStages)
    .values({ signupId: id, stage: to, session: row.session, at: row.stageChangedAt });
  return row;
}

/** Takes the site's row for the rest of the transaction: seats of its sessions are counted one change at a time. */
async function lockSite(tx: Tx, site: string) {
  await tx
    .select({ slug: playtestSites.slug })
    .from(playtestSites)
    .where(eq(playtestSites.slug, site))
    .for("update");
}

/**
 * The sign-up as it stands once the site's row is taken: what was read before the lock may have
 * changed (a seat confirmed, another session), and the seat a move frees depends on it.
 */
async function lockedStatus(tx: Tx, site: string, id: string): Promise<SignupStatus | null> {
  await lockSite(tx, site);
  return signupStatus(tx, id);
}

/** Seats held in a session (confirmed, signed or attended); read under the site's lock. */
async function seatsTaken(tx: Tx, site: string, session: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(playtestSignups)
    .where(
      and(
        eq(playtestSignups.site, site),
        eq(playtestSignups.session, session),
        inArray(playtestSignups.stage, [...seatStages]),
      ),
    );
  return row?.n ?? 0;
}

const rowToStatus = (row: typeof playtestSignups.$inferSelect) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  language: isLanguage(row.language) ? row.language : ("en" as Language),
  site: row.site,
  expiresAt: row.expiresAt,
  session: row.session,
  sessionAt: row.sessionAt,
});

/**
 * When a seat of the session is free, invites the oldest tester on its waitlist to the freed
 * seat's time (under the site's lock, in the caller's transaction). Answers who was promoted.
 */
async function promoteFromWaitlist(
  svc: Mover,
  tx: Tx,
  site: string,
  place: SessionPlace,
  freed: { sessionAt: string | null; sessionStartsAt: Date | null },
): Promise<string | null> {
  if ((await seatsTaken(tx, site, place.session.slug)) >= place.session.seats) return null;
  const [first] = await tx
    .select()
    .from(playtestSignups)
    .where(
      and(
        eq(playtestSignups.site, site),
        eq(playtestSignups.session, place.session.slug),
        eq(playtestSignups.stage, "waitlisted"),
      ),
    )
    .orderBy(asc(playtestSignups.stageChangedAt), asc(playtestSignups.createdAt))
    .limit(1);
  if (!first) return null;
  const sessionAt = first.sessionAt ?? freed.sessionAt;
  const row = await setStage(tx, first.id, ["waitlisted"], "sessionInvited", {
    sessionAt,
    sessionStartsAt: sessionAt ? localTimeToInstant(sessionAt, place.timezone) : freed.sessionStartsAt,
    remindedAt: null,
    invitedAt: sql`clock_timestamp()`,
  });
  if (!row) return null;
  await emailStage(svc, tx, rowToStatus(row), "sessionInvited");
  return row.id;
}

async function finish(svc: Mover, id: string, to: PlaytestStage): Promise<PlaytestChange> {
  const status = await signupStatus(svc.db, id);
  return status ? { ok: true, status, to } : { ok: false, code: "notFound" };
}

/** The studio's moves: refused on a sign-up that is gone or closed (declined, not selected, attended). */
async function current(db: Db, id: string): Promise<SignupStatus | { code: PlaytestRefusal }> {
  const status = await signupStatus(db, id);
  if (!status) return { code: "notFound" };
  if (isClosedStage(status.stage)) return { code: "closed" };
  return status;
}

/** The studio invites a tester to the online call (`playtest.call`). */
export async function inviteToCall(svc: Mover, id: string): Promise<PlaytestChange> {
  const now = await current(svc.db, id);
  if ("code" in now) return { ok: false, code: now.code };
  const from = ["received", "waitlisted"] as const;
  if (!(from as readonly string[]).includes(now.stage)) return { ok: false, code: "notAllowed" };
  const moved = await svc.db.transaction(async (tx) => {
    const row = await setStage(tx, id, from, "callInvited");
    if (row) await emailStage(svc, tx, rowToStatus(row), "callInvited");
    return row !== null;
  });
  return moved ? finish(svc, id, "callInvited") : { ok: false, code: "notAllowed" };
}

const invitable = ["received", "waitlisted", "callInvited", "sessionInvited"] as const;

/**
 * The studio invites a tester to a session at `at` (local time at the site's office;
 * `playtest.invite`). When the session's seats are all held, the tester goes on its waitlist
 * instead, and is invited when a seat frees.
 */
export async function inviteToSession(
  svc: Mover,
  input: { id: string; session?: string; at: string; note?: string },
): Promise<PlaytestChange & { when?: string }> {
  const now = await current(svc.db, input.id);
  if ("code" in now) return { ok: false, code: now.code };
  if (!(invitable as readonly string[]).includes(now.stage)) return { ok: false, code: "notAllowed" };
  const slug = input.session ?? (await nextOpenSession(svc.db, now.site));
  if (!slug) return { ok: false, code: "noSession" };
  const place = await sessionPlace(svc.db, now.site, slug, now.language);
  if (!place) return { ok: false, code: "unknownSession" };
  const startsAt = localTimeToInstant(input.at, place.timezone);
  if (!startsAt) return { ok: false, code: "badTime" };
  const result = await svc.db.transaction(async (tx) => {
    await lockSite(tx, now.site);
    const full = (await seatsTaken(tx, now.site, place.session.slug)) >= place.session.seats;
    const to = full ? "waitlisted" : "sessionInvited";
    const row = await setStage(tx, input.id, invitable, to, {
      session: place.session.slug,
      sessionAt: input.at,
      sessionStartsAt: startsAt,
      remindedAt: null,
      ...(full ? {} : { invitedAt: sql`clock_timestamp()` }),
    });
    if (!row) return null;
    await emailStage(svc, tx, rowToStatus(row), to, input.note);
    return to;
  });
  if (!result) return { ok: false, code: "notAllowed" };
  const done = await finish(svc, input.id, result);
  return { ...done, when: formatSessionStart(input.at, place.timezone, now.language) };
}

/** The site's first open session (by its start), for an invitation that names none. */
async function nextOpenSession(db: Db, site: string): Promise<string | null> {
  const [row] = await db.select().from(playtestSites).where(eq(playtestSites.slug, site));
  const open = (row?.sessions ?? [])
    .filter((s) => s.status === "open")
    .toSorted((a, b) => a.startsOn.localeCompare(b.startsOn));
  return open[0]?.slug ?? null;
}

/** The studio puts a tester on a session's waitlist (`playtest.waitlist`). */
export async function waitlistForSession(
  svc: Mover,
  input: { id: string; session: string },
): Promise<PlaytestChange> {
  const now = await current(svc.db, input.id);
  if ("code" in now) return { ok: false, code: now.code };
  const from = ["received", "callInvited", "sessionInvited", "waitlisted"] as const;
  if (!(from as readonly string[]).includes(now.stage)) return { ok: false, code: "notAllowed" };
  const place = await sessionPlace(svc.db, now.site, input.session, now.language);
  if (!place) return { ok: false, code: "unknownSession" };
  const moved = await svc.db.transaction(async (tx) => {
    const row = await setStage(tx, input.id, from, "waitlisted", { session: place.session.slug });
    if (row) await emailStage(svc, tx, rowToStatus(row), "waitlisted");
    return row !== null;
  });
  return moved ? finish(svc, input.id, "waitlisted") : { ok: false, code: "notAllowed" };
}

/** The studio records that the tester came (`playtest.attended`). */
export async function markAttended(svc: Mover, id: string): Promise<PlaytestChange> {
  const now = await current(svc.db, id);
  if ("code" in now) return { ok: false, code: now.code };
  const from = ["confirmed", "signed"] as const;
  if (!(from as readonly string[]).includes(now.stage)) return { ok: false, code: "notAllowed" };
  const moved = await svc.db.transaction(async (tx) => {
    const row = await setStage(tx, id, from, "attended");
    if (row) await emailStage(svc, tx, rowToStatus(row), "attended");
    return row !== null;
  });
  return moved ? finish(svc, id, "attended") : { ok: false, code: "notAllowed" };
}

/**
 * "Not this time" (`playtest.reject`): a short, kind e-mail. A seat it held goes to the first
 * tester on the session's waitlist.
 */
export async function rejectSignup(svc: Mover, id: string): Promise<PlaytestChange> {
  const now = await current(svc.db, id);
  if ("code" in now) return { ok: false, code: now.code };
  const from = ["received", "waitlisted", "callInvited", "sessionInvited", "confirmed", "signed"] as const;
  const moved = await svc.db.transaction(async (tx) => {
    const before = await lockedStatus(tx, now.site, id);
    const row = await setStage(tx, id, from, "notSelected");
    if (!before || !row) return false;
    await emailStage(svc, tx, rowToStatus(row), "notSelected");
    await freeSeat(svc, tx, before);
    return true;
  });
  return moved ? finish(svc, id, "notSelected") : { ok: false, code: "notAllowed" };
}

/** Where a tester stood when they left a session: what decides whether a seat freed, and its time. */
type Leaving = Pick<
  SignupStatus,
  "site" | "language" | "stage" | "session" | "sessionAt" | "sessionStartsAt"
>;

/** After a tester leaves a session (under the site's lock): its freed seat goes to the waitlist. */
async function freeSeat(svc: Mover, tx: Tx, left: Leaving) {
  if (!left.session || !(declinableStages as readonly string[]).includes(left.stage)) return;
  const place = await sessionPlace(tx, left.site, left.session, left.language);
  if (place) await promoteFromWaitlist(svc, tx, left.site, place, left);
}

/**
 * The tester confirms the invitation (status page): takes a seat if one is left, counted under
 * the site's lock; otherwise the tester goes on the session's waitlist. Answers where they are.
 */
export async function confirmSeat(svc: Mover, id: string): Promise<PlaytestChange> {
  const now = await signupStatus(svc.db, id);
  if (!now) return { ok: false, code: "notFound" };
  if (now.stage !== "sessionInvited") return { ok: false, code: "notAllowed" };
  if (!now.session) return { ok: false, code: "noSession" };
  const session = now.session;
  const place = await sessionPlace(svc.db, now.site, session, now.language);
  if (!place) return { ok: false, code: "unknownSession" };
  const result = await svc.db.transaction(async (tx) => {
    // Invited to another session meanwhile: this answer was to the old invitation.
    if ((await lockedStatus(tx, now.site, id))?.session !== session) return null;
    const full = (await seatsTaken(tx, now.site, session)) >= place.session.seats;
    const to = full ? "waitlisted" : "confirmed";
    const row = await setStage(tx, id, ["sessionInvited"], to);
    if (!row) return null;
    await emailStage(svc, tx, rowToStatus(row), to);
    return to;
  });
  return result ? finish(svc, id, result) : { ok: false, code: "notAllowed" };
}

/**
 * "I can't make it" (status page), from an invitation or a seat: the tester is out of this
 * session, and a seat that frees goes to the oldest tester on its waitlist, invited by e-mail,
 * in the same transaction.
 */
export async function declineSession(svc: Mover, id: string): Promise<PlaytestChange> {
  const now = await signupStatus(svc.db, id);
  if (!now) return { ok: false, code: "notFound" };
  if (!(declinableStages as readonly string[]).includes(now.stage)) return { ok: false, code: "notAllowed" };
  const moved = await svc.db.transaction(async (tx) => {
    const before = await lockedStatus(tx, now.site, id);
    const row = await setStage(tx, id, declinableStages, "declined");
    if (!before || !row) return false;
    await emailStage(svc, tx, rowToStatus(row), "declined");
    await freeSeat(svc, tx, before);
    return true;
  });
  return moved ? finish(svc, id, "declined") : { ok: false, code: "notAllowed" };
}

/**
 * Deletes the sign-ups `which` selects (their answers, stages and status links go with them) and
 * their e-mails in the outbox, in one transaction, then those e-mails' .eml copies: every
 * deletion (status page, data rights, removal link, retention) comes here, so a seat or
 * invitation a deleted sign-up held goes to its session's waitlist as "I can't make it" gives it.
 * The sites' rows are taken first, in their slugs' order (two deletions across several sites
 * cannot deadlock), and the rows are deleted and read under them: a deletion racing a decline or
 * another deletion sees what the other left, so each freed seat promotes one tester and nobody is
 * promoted twice. A sign-up of a site not taken (it came after the sites were read) waits for the
 * next deletion. Answers the deleted sign-ups' ids.
 */
export async function deleteSignups(svc: Mover, which: SQL): Promise<string[]> {
  const { ids, emails } = await svc.db.transaction(async (tx) => {
    const sites = (
      await tx
        .selectDistinct({ site: playtestSignups.site })
        .from(playtestSignups)
        .where(which)
        .orderBy(asc(playtestSignups.site))
    ).map((row) => row.site);
    if (!sites.length) return { ids: [], emails: [] };
    for (const site of sites) await lockSite(tx, site);
    const deleted = await tx
      .delete(playtestSignups)
      .where(and(which, inArray(playtestSignups.site, sites)))
      .returning();
    for (const row of deleted) {
      await freeSeat(svc, tx, {
        ...rowToStatus(row),
        stage: asStage(row.stage),
        sessionStartsAt: row.sessionStartsAt,
      });
    }
    const ids = deleted.map((row) => row.id);
    return { ids, emails: await deleteItemTraces(tx, playtestItemKind, ids) };
  });
  await removeMailFiles(svc.config, emails);
  return ids;
}

/** The sign-ups sent from an address (a lost status link is sent again to it). */
export async function signupsOf(db: Db | Tx, email: string) {
  return (
    db
      .select({ id: playtestSignups.id, site: playtestSignups.site, createdAt: playtestSignups.createdAt })
      .from(playtestSignups)
      .where(sql`lower(${playtestSignups.email}) = lower(${email})`)
      .orderBy(desc(playtestSignups.createdAt))
      // Held until the caller\'s transaction ends: a deletion waits, then takes the links made
      // to them (status_links has no foreign key to do it).
      .for("key share")
  );
}

/** Records the sign-up as the first stage (inside the sign-up's own transaction). */
export async function recordReceived(tx: Tx, id: string, at: Date) {
  await tx.insert(playtestSignupStages).values({ signupId: id, stage: "received", at });
}
