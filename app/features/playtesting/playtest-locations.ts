/**
 * Where playtests take place (docs/requirements.md#playtesting): the five sign-up locations, in the
 * order given there, each with the studio office that hosts it (Selangor's sessions are run by the
 * Kuala Lumpur studio).
 */
export const playtestLocations = [
  { key: "gent", office: "gent" },
  { key: "quebec", office: "quebec" },
  { key: "barcelona", office: "barcelona" },
  { key: "warsaw", office: "warsaw" },
  { key: "selangor", office: "kuala-lumpur" },
] as const;

export type PlaytestLocationKey = (typeof playtestLocations)[number]["key"];
