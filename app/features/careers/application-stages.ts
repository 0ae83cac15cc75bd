/**
 * Where an application stands (docs/requirements.md#application-status): one of the careers
 * page's six hiring steps, in order, or one of two ends. Safe in the browser (the status page).
 */
/** docs/requirements.md#careers: the six hiring steps, in order (the careers page lists them). */
export const recruitmentSteps = [
  "apply",
  "introCall",
  "initialInterview",
  "skills",
  "onSite",
  "offer",
] as const;

export type HiringStep = (typeof recruitmentSteps)[number];
export type ApplicationEnd = "notSelected" | "withdrawn";
export type ApplicationStage = HiringStep | ApplicationEnd;

export const applicationEnds = ["notSelected", "withdrawn"] as const satisfies readonly ApplicationEnd[];
export const applicationStages = [...recruitmentSteps, ...applicationEnds] as const;

export const isHiringStep = (stage: string): stage is HiringStep =>
  (recruitmentSteps as readonly string[]).includes(stage);

/** An application still in the process: the applicant may withdraw, the studio may move it. */
export const isActiveStage = (stage: ApplicationStage): stage is HiringStep => isHiringStep(stage);

/**
 * The step after `stage`, or null after the offer. The skills step is for some roles only: the
 * studio's tool passes `--to onSite` to skip it.
 */
export function nextStep(stage: HiringStep): HiringStep | null {
  const at = recruitmentSteps.indexOf(stage);
  return recruitmentSteps[at + 1] ?? null;
}
