/**
 * `now` plus whole months (a retention period: "kept 6 months"), clamped to the end of shorter
 * months so 31 January plus one month is 28 (or 29) February, never 3 March.
 */
export function addMonths(now: Date, months: number): Date {
  const out = new Date(now);
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}
