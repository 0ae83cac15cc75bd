// The years of the date-of-birth selectors, apart from the schema (date-of-birth.ts) so the
// field renders without bringing Zod into the page.

/** docs/requirements.md#forms-and-validation: birth years run from 1921 through the current year. */
export const firstBirthYear = 1921;

/** The current year, read at each use: a server runs across New Year. */
export function currentYear(now = new Date()): number {
  return now.getFullYear();
}

/** Birth years offered by the year selector, most recent first. */
export function birthYears(now = new Date()): number[] {
  const years: number[] = [];
  for (let year = currentYear(now); year >= firstBirthYear; year--) years.push(year);
  return years;
}
