import { dateTimeFormat } from "~/platform/i18n/format";

/**
 * Wall-clock times at a place (an office's IANA time zone) and the instants they name. The
 * studio gives a session's start as the local time at the office ("2027-01-23T09:00"); the
 * reminder needs the instant, the calendar file both.
 */

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:MM" with a real calendar day and time, or null. */
export function parseLocalDateTime(value: string) {
  const m = localPattern.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || hour > 23 || minute > 59)
    return null;
  return { year, month, day, hour, minute };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a local "YYYY-MM-DDTHH:MM" names in `timeZone` (null when malformed). The offset
 * is read twice, so a time just after a daylight-saving change lands on the right side of it.
 */
export function localTimeToInstant(value: string, timeZone: string): Date | null {
  const local = parseLocalDateTime(value);
  if (!local) return null;
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}
