import { z } from "zod";
import { dateOfBirth } from "~/platform/forms/date-of-birth";
import { checkedBox, choice, email, requiredString } from "~/platform/forms/fields";
import { phoneE164 } from "~/platform/forms/phone";
import { playtestLocations } from "./playtest-locations";

/** Playtesters must be 18 or older on the sign-up date (docs/requirements.md#playtesting). */
export const playtestMinAge = 18;

export const playtestLocationKeys = playtestLocations.map((l) => l.key) as unknown as readonly [
  (typeof playtestLocations)[number]["key"],
  ...(typeof playtestLocations)[number]["key"][],
];

/** The sign-up form (docs/requirements.md#playtesting), shared by the browser and the server. */
export const playtestSignupSchema = z.object({
  name: requiredString(120),
  email: email(),
  phone: phoneE164(),
  location: choice(playtestLocationKeys),
  dateOfBirth: dateOfBirth({ minAge: playtestMinAge }),
  over18: checkedBox(),
  english: checkedBox(),
  inPersonDay: checkedBox(),
  nda: checkedBox(),
  consent: checkedBox(),
});

export type PlaytestSignupInput = z.output<typeof playtestSignupSchema>;
