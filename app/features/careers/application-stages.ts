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

/**
 * The careers catalog's title of where an application stands, as its status page and the
 * account area say it: "Application received" while it waits at the first step (the careers
 * page's "Apply" is an invitation, not a state), the step's own name after that, or its end.
 */
export const applicationStageTitleKey = (stage: ApplicationStage) =>
  stage === "apply"
    ? "status.received"
    : isHiringStep(stage)
      ? `process.steps.${stage}.title`
      : `status.ended.${stage}.title`;

/** An application still in the process: the applicant may withdraw, the studio may move it. */
export const isActiveStage = (stage: ApplicationStage): stage is HiringStep => isHiringStep(stage);

/** What of the process depends on the role: its offer's `skillsStep` (content/README.md). */
export type RoleProcess = { skillsStep: boolean };

/**
 * The hiring steps of a role, in order: the six, less the skills interview or assessment for a
 * role without one (the careers page's "for some roles only").
 */
export const stepsOfRole = (role: RoleProcess): readonly HiringStep[] =>
  role.skillsStep ? recruitmentSteps : recruitmentSteps.filter((step) => step !== "skills");

/**
 * The role's step after `stage`, or null after the offer: the studio's tool moves there by
 * default, so a role without the skills step goes from the initial interview to the on-site one.
 */
export function nextStep(stage: HiringStep, role: RoleProcess): HiringStep | null {
  const steps = stepsOfRole(role);
  const later = recruitmentSteps.slice(recruitmentSteps.indexOf(stage) + 1);
  return later.find((step) => steps.includes(step)) ?? null;
}
