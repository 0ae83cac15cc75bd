import { z } from "zod";
import { currentYear, firstBirthYear } from "./birth-years";
import { formMessage } from "./messages";

/** True when the day exists in that month of that year (no 31 February, 29 February in leap years). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Full years between a birth date and today (a birthday today counts). */
export function ageOn(birth: { year: number; month: number; day: number }, today: Date): number {
  const age = today.getFullYear() - birth.year;
  const hadBirthday =
    today.getMonth() + 1 > birth.month ||
    (today.getMonth() + 1 === birth.month && today.getDate() >= birth.day);
  return hadBirthday ? age : age - 1;
}

const required = formMessage("required");

/** A whole number from a selector; anything else in the field reads as required (it is not a choice). */
function selectorNumber(min: number, max: () => number) {
  return z
    .string({ error: required })
    .regex(/^\d{1,4}$/, { error: required, abort: true })
    .transform(Number)
    .refine((value) => value >= min && value <= max(), formMessage("invalidOption"));
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * Date of birth from three selectors (month, day 1-31, year 1921..current year), each required
 * (docs/requirements.md#forms-and-validation). A date that does not exist (31 February) or lies
 * ahead is refused on the group; `minAge` refuses people younger than that (playtesters must be
 * over 18). The value is an ISO date, YYYY-MM-DD.
 */
export function dateOfBirth({ minAge }: { minAge?: number } = {}) {
  return z
    .object({
      month: selectorNumber(1, () => 12),
      day: selectorNumber(1, () => 31),
      year: selectorNumber(firstBirthYear, () => currentYear()),
    })
    .superRefine((birth, ctx) => {
      // A selector already refused (out of range) says so itself; the date is not checked.
      if (birth.month > 12 || birth.day > 31 || birth.year < firstBirthYear || birth.year > currentYear())
        return;
      const today = new Date();
      if (!isRealDate(birth.year, birth.month, birth.day) || ageOn(birth, today) < 0) {
        ctx.addIssue({ code: "custom", message: formMessage("invalidDate") });
      } else if (minAge !== undefined && ageOn(birth, today) < minAge) {
        ctx.addIssue({ code: "custom", message: formMessage("minAge", { age: minAge }) });
      }
    })
    .transform((birth) => `${birth.year}-${pad(birth.month)}-${pad(birth.day)}`);
}
