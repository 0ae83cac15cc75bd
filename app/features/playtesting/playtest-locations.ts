/**
 * Where playtests take place (docs/requirements.md#playtesting): the five sign-up locations, in the
 * order given there, each with the studio office that hosts it (Selangor's sessions are run by the
 * Kuala Lumpur studio).
 */
/**
 * Quebec's: its office's careers-location page is also the region's playtesting section
 * (docs/requirements.md#location-pages).
 */
const quebec = { key: "quebec", office: "quebec" } as const;

export const playtestLocations = [
  { key: "gent", office: "gent" },
  quebec,
  { key: "barcelona", office: "barcelona" },
  { key: "warsaw", office: "warsaw" },
  { key: "selangor", office: "kuala-lumpur" },
] as const;

export type PlaytestLocationKey = (typeof playtestLocations)[number]["key"];

/** Whether an office's careers-location page carries its region's playtesting section. */
export function hasPlaytestSection(officeSlug: string): boolean {
  return officeSlug === quebec.office;
}
