import { createEvent } from "ics";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { localTimeToInstant, parseLocalDateTime } from "~/platform/time/zoned";
import { sessionPlace, signupStatus } from "./playtest-status.server";
import type { PlaytestSessionKind } from "./tables";

/** The stages whose page offers the session's calendar file: invited, or holding a seat. */
const withCalendar = new Set(["sessionInvited", "confirmed", "signed"]);

/**
 * How long the calendar event lasts. A focus group is one day at the studio: it ends at 17:00
 * local time on its day (a start at or after 17:00 gets 8 hours). An extended playtest runs
 * weeks of sessions the studio arranges with the tester; the file holds its first one, 3 hours.
 */
export function sessionDuration(kind: PlaytestSessionKind, sessionAt: string) {
  const local = parseLocalDateTime(sessionAt);
  if (kind === "extended" || !local) return { hours: 3 };
  const minutes = 17 * 60 - (local.hour * 60 + local.minute);
  return minutes > 0 ? { hours: Math.floor(minutes / 60), minutes: minutes % 60 } : { hours: 8 };
}

/**
 * The session a sign-up is invited to as an iCalendar file (RFC 5545), in the tester's
 * language, or null when the sign-up has no session to attend. The start is written in UTC,
 * so every calendar shows it at the office's wall-clock time in its own zone. It holds the
 * session's details and the site's address, never the status link: a calendar event is copied,
 * synced and shared where a private link must not go (docs/decisions/0044-status-links-expire.md).
 */
export async function sessionCalendar(
  db: Db,
  id: string,
  publicUrl: string,
  lang: Language,
): Promise<string | null> {
  const status = await signupStatus(db, id);
  if (!status?.session || !status.sessionAt || !withCalendar.has(status.stage)) return null;
  const place = await sessionPlace(db, status.site, status.session, lang);
  if (!place) return null;
  const start = localTimeToInstant(status.sessionAt, place.timezone);
  if (!start) return null;
  const t = await translator(lang);
  const title = pick(place.session.title, lang) ?? place.session.slug;
  const { error, value } = createEvent({
    uid: `${status.id}-${place.session.slug}@${new URL(publicUrl).host}`,
    productId: "studio/playtests",
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: sessionDuration(place.session.kind, status.sessionAt),
    title: t("playtesting:status.ics.title", { session: title }),
    description: t("playtesting:status.ics.description", { site: publicUrl }),
    location: place.address,
    status: status.stage === "sessionInvited" ? "TENTATIVE" : "CONFIRMED",
    busyStatus: "BUSY",
  });
  if (error || !value) throw error ?? new Error("calendar file not built");
  return value;
}
