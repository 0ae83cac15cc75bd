import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { formatDate } from "~/platform/i18n/format";
import { type Language, pick } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { playtestNda } from "./nda.server";
import type { PlaytestStatusData } from "./PlaytestStatusView";
import { declinableStages, playtestSteps, stepReachedBy } from "./playtest-stages";
import { formatSessionStart, sessionPlace, signupStatus } from "./playtest-status.server";
import { playtestSignups } from "./tables";

const day = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);

/** What the status page shows of a sign-up, in the tester's language (dates and places as text). */
export async function playtestStatusPage(db: Db, id: string, lang: Language) {
  const status = await signupStatus(db, id);
  if (!status) return null;
  const t = await translator(lang);
  const location = t(`playtesting:signUp.locations.${status.site}`);
  const place = status.session ? await sessionPlace(db, status.site, status.session, lang) : null;
  const nda = status.stage === "confirmed" ? await playtestNda(db, lang) : null;
  const [row] = await db
    .select({
      version: playtestSignups.ndaVersion,
      at: playtestSignups.ndaSignedAt,
      name: playtestSignups.ndaName,
    })
    .from(playtestSignups)
    .where(eq(playtestSignups.id, id));
  const reachedOn: PlaytestStatusData["reachedOn"] = {};
  for (const step of playtestSteps) {
    const first = status.history.find((h) => stepReachedBy[step].includes(h.stage));
    if (first) reachedOn[step] = day(first.at, lang);
  }
  // Invited straight to a session, the tester had no online call: that step was skipped, not done.
  if (!status.history.some((h) => h.stage === "callInvited")) delete reachedOn.call;
  const data: PlaytestStatusData = {
    stage: status.stage,
    location,
    sentOn: day(status.createdAt, lang),
    changedOn: day(status.stageChangedAt, lang),
    reachedOn,
    history: status.history.map((h) => ({ stage: h.stage, on: day(h.at, lang), at: h.at.toISOString() })),
    session: place
      ? {
          title: pick(place.session.title, lang) ?? place.session.slug,
          kind: place.session.kind,
          when: status.sessionAt ? formatSessionStart(status.sessionAt, place.timezone, lang) : null,
          where: `${place.siteName} – ${place.address}`,
          hasCalendar: status.sessionAt !== null,
        }
      : null,
    nda: nda ? { title: nda.title, version: nda.version, html: nda.html } : null,
    signedNda:
      row?.version && row.at && row.name
        ? { version: row.version, on: day(row.at, lang), name: row.name }
        : null,
    canConfirm: status.stage === "sessionInvited",
    canDecline: (declinableStages as readonly string[]).includes(status.stage),
  };
  return { title: t("playtesting:status.title", { location }), deleteOn: day(status.expiresAt, lang), data };
}
