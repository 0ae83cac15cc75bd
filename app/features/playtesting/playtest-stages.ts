/**
 * Where a playtest sign-up stands (docs/requirements.md#playtesting): the studio moves it along
 * with `npm run playtest:select`, the tester confirms or declines a session on the status page.
 * Safe in the browser (the status page).
 */
export const playtestStages = [
  "received",
  "waitlisted",
  "callInvited",
  "sessionInvited",
  "confirmed",
  "signed",
  "attended",
  "notSelected",
  "declined",
] as const;
export type PlaytestStage = (typeof playtestStages)[number];

export const isPlaytestStage = (value: string): value is PlaytestStage =>
  (playtestStages as readonly string[]).includes(value);

/** Ends: nobody moves a sign-up out of them (attended too, but that one went well). */
export const closedStages = ["attended", "notSelected", "declined"] as const satisfies PlaytestStage[];
export const isClosedStage = (stage: PlaytestStage) => (closedStages as readonly string[]).includes(stage);

/** Stages that hold one of a session's seats. */
export const seatStages = ["confirmed", "signed", "attended"] as const satisfies PlaytestStage[];

/** The tester may say "I can't make it" from these (an invitation, or a seat before the day). */
export const declinableStages = ["sessionInvited", "confirmed", "signed"] as const satisfies PlaytestStage[];

/**
 * The page's five steps (docs/requirements.md#playtesting: sign up, be e-mailed, online call, sign
 * the contract and NDA, attend in person) and the stages that reach each. The invitation to a
 * session follows the call, so it completes the call step; a tester invited without a call
 * reaches both at once.
 */
export const playtestSteps = ["signUp", "email", "call", "contract", "attend"] as const;
export type PlaytestStep = (typeof playtestSteps)[number];

export const stepReachedBy: Record<PlaytestStep, readonly PlaytestStage[]> = {
  signUp: ["received"],
  email: ["waitlisted", "callInvited", "sessionInvited"],
  call: ["sessionInvited"],
  contract: ["signed"],
  attend: ["attended"],
};

/** The step a stage is working on (null: finished or ended). */
export function currentStep(stage: PlaytestStage): PlaytestStep | null {
  switch (stage) {
    case "received":
      return "email";
    case "waitlisted":
      return "email";
    case "callInvited":
      return "call";
    case "sessionInvited":
    case "confirmed":
      return "contract";
    case "signed":
      return "attend";
    default:
      return null;
  }
}
