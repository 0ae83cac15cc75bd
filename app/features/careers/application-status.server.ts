import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { offerSkillsStepSql } from "~/features/jobs/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { formatDate } from "~/platform/i18n/format";
import { isLanguage, type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import {
  type ApplicationStage,
  applicationStages,
  type HiringStep,
  isHiringStep,
  nextStep,
  recruitmentSteps,
  stepsOfRole,
} from "./application-stages";
import { jobApplicationStages, jobApplications } from "./tables";

/**
 * An application's way through the hiring process after it was sent
 * (docs/requirements.md#application-status): the applicant follows it on a private status page
 * and may withdraw; the studio moves it with `npm run applications` (features/careers/tools.server.ts).
 * Every change is one conditional update, so a withdrawal and a move that cross each other
 * cannot both win, and each change e-mails the applicant through the outbox in the same
 * transaction.
 */

/**
 * What the outbox, the status links and the data-rights pages call an application: its e-mails
 * and links are named by it and its id, and go with it (`deleteItemTraces`).
 */
export const applicationItemKind = "application";

export type ApplicationStatus = {
  id: string;
  jobTitle: string;
  jobOfferId: number | null;
  name: string;
  email: string;
  language: Language;
  stage: ApplicationStage;
  /**
   * Whether the role's process has the skills interview or assessment (its offer's
   * `skillsStep`); an application whose offer left the database keeps the full process.
   */
  skillsStep: boolean;
  stageChangedAt: Date;
  createdAt: Date;
  expiresAt: Date;
  /** Each stage reached, oldest first; the sending itself is the first ("apply"). */
  history: Array<{ stage: ApplicationStage; at: Date }>;
};

const asStage = (value: string): ApplicationStage =>
  (applicationStages as readonly string[]).includes(value) ? (value as ApplicationStage) : "apply";

export async function applicationStatus(db: Db, id: string): Promise<ApplicationStatus | null> {
  const [found] = await db
    .select({ row: jobApplications, skillsStep: offerSkillsStepSql(jobApplications.jobOfferId) })
    .from(jobApplications)
    .where(eq(jobApplications.id, id));
  if (!found) return null;
  const { row } = found;
  const stages = await db
    .select({ stage: jobApplicationStages.stage, at: jobApplicationStages.at })
    .from(jobApplicationStages)
    .where(eq(jobApplicationStages.applicationId, id))
    .orderBy(asc(jobApplicationStages.at));
  const history = stages.map((s) => ({ stage: asStage(s.stage), at: s.at }));
  // Applications sent before stages were recorded start with their sending.
  if (history[0]?.stage !== "apply") history.unshift({ stage: "apply", at: row.createdAt });
  return {
    id: row.id,
    jobTitle: row.jobTitle,
    jobOfferId: row.jobOfferId,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : "en",
    stage: asStage(row.stage),
    skillsStep: found.skillsStep ?? true,
    stageChangedAt: row.stageChangedAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    history,
  };
}

/**
 * Why a change was not made (the tool's words for each: features/careers/tools.server.ts).
 * `notInProcess`: a step the role's process does not have (the skills step of a role without one).
 */
export type StageRefusal = "notFound" | "notActive" | "notForward" | "unknownStage" | "notInProcess";

export type StageChange = { ok: true; status: ApplicationStatus } | { ok: false; code: StageRefusal };

const stageChanged = defineEmailTemplate(
  "job-application-stage",
  (p: { name: string; title: string; stage: HiringStep; statusUrl: string }, { t }) => ({
    subject: t("mail:careers.status.stage.subject", { title: p.title }),
    heading: t("mail:careers.status.stage.heading", { name: p.name }),
    paragraphs: [
      t("mail:careers.status.stage.body", {
        title: p.title,
        stage: t(`careers:process.steps.${p.stage}.title`),
      }),
      t(`careers:status.next.${p.stage}`),
    ],
    action: { label: t("mail:careers.status.action"), url: p.statusUrl },
    reason: t("mail:careers.status.reason"),
  }),
);

const notSelected = defineEmailTemplate(
  "job-application-not-selected",
  (p: { name: string; title: string; statusUrl: string; deleteOn: string }, { t }) => ({
    subject: t("mail:careers.status.notSelected.subject", { title: p.title }),
    heading: t("mail:careers.status.notSelected.heading", { name: p.name }),
    paragraphs: [
      t("mail:careers.status.notSelected.body", { title: p.title }),
      t("mail:careers.status.notSelected.encourage"),
      t("mail:careers.status.notSelected.retention", { date: p.deleteOn }),
    ],
    action: { label: t("mail:careers.status.action"), url: p.statusUrl },
    reason: t("mail:careers.status.reason"),
  }),
);

const withdrawnConfirmation = defineEmailTemplate(
  "job-application-withdrawn",
  (p: { name: string; title: string; deleteOn: string }, { t }) => ({
    subject: t("mail:careers.status.withdrawn.subject", { title: p.title }),
    heading: t("mail:careers.status.withdrawn.heading", { name: p.name }),
    paragraphs: [
      t("mail:careers.status.withdrawn.body", { title: p.title }),
      t("mail:careers.status.notSelected.retention", { date: p.deleteOn }),
    ],
    reason: t("mail:careers.status.reason"),
  }),
);

const withdrawnNotice = defineEmailTemplate(
  "job-application-withdrawn-recruiting",
  (p: { name: string; title: string; id: string }, { t }) => ({
    subject: t("careers:status.recruiting.subject", { title: p.title, name: p.name }),
    heading: t("careers:status.recruiting.heading", { title: p.title }),
    paragraphs: [t("careers:status.recruiting.body", { name: p.name, title: p.title })],
    details: [{ label: t("careers:apply.recruiting.reference"), value: p.id }],
    reason: t("careers:apply.recruiting.reason"),
  }),
);

type Mover = Pick<Services, "db" | "config">;

/**
 * Sets the stage in one conditional update (`from` must still be the stage) and records it.
 * Returns the updated row, or null when another change came first. Unless a time is given, the
 * change is dated when its update takes the row (`clock_timestamp()`), so two changes that
 * queue for the row are dated in the order they were made, whichever started first.
 */
async function setStage(tx: Tx, id: string, from: SQL, to: ApplicationStage, now: Date | undefined) {
  const [row] = await tx
    .update(jobApplications)
    .set({ stage: to, stageChangedAt: now ?? sql`clock_timestamp()` })
    .where(and(eq(jobApplications.id, id), from))
    .returning();
  if (!row) return null;
  await tx.insert(jobApplicationStages).values({ applicationId: id, stage: to, at: row.stageChangedAt });
  return row;
}

/** A fresh private link for an e-mail about the application, in its language. */
async function statusUrl(svc: Mover, tx: Tx, id: string, lang: Language) {
  const token = await createStatusLink(tx, applicationItemKind, id);
  return `${svc.config.publicUrl}${localizePath(statusPath(token), lang)}`;
}

/**
 * The studio moves an application forward (`to` a later hiring step of the role; its next one
 * when unset, so a role without the skills step skips it) or ends it (`notSelected`). Withdrawn,
 * ended and deleted applications cannot be moved. The applicant is e-mailed either way: nobody
 * is left without an answer.
 */
export async function moveApplication(
  svc: Mover,
  input: { id: string; to?: string },
  now?: Date,
): Promise<StageChange> {
  const current = await applicationStatus(svc.db, input.id);
  if (!current) return { ok: false, code: "notFound" };
  if (!isHiringStep(current.stage)) return { ok: false, code: "notActive" };
  const to = input.to ?? nextStep(current.stage, current);
  if (to === null) return { ok: false, code: "notForward" };
  if (to !== "notSelected" && !isHiringStep(to)) return { ok: false, code: "unknownStage" };
  // The status page shows such a step as not part of the role: an application cannot stand there.
  if (isHiringStep(to) && !stepsOfRole(current).includes(to)) return { ok: false, code: "notInProcess" };
  if (isHiringStep(to) && recruitmentSteps.indexOf(to) <= recruitmentSteps.indexOf(current.stage)) {
    return { ok: false, code: "notForward" };
  }
  const studio = await getStudioInfo(svc.db, current.language);
  const audience = {
    to: current.email,
    lang: current.language,
    studioName: studio.name,
    siteUrl: svc.config.publicUrl,
  };
  const moved = await svc.db.transaction(async (tx) => {
    const row = await setStage(tx, current.id, eq(jobApplications.stage, current.stage), to, now);
    if (!row) return false;
    const link = await statusUrl(svc, tx, current.id, current.language);
    const email =
      to === "notSelected"
        ? await notSelected.compose(audience, {
            name: current.name,
            title: current.jobTitle,
            statusUrl: link,
            deleteOn: formatDate(current.expiresAt, current.language),
          })
        : await stageChanged.compose(audience, {
            name: current.name,
            title: current.jobTitle,
            stage: to,
            statusUrl: link,
          });
    await enqueueEmail(tx, email, { kind: applicationItemKind, id: current.id });
    return true;
  });
  if (!moved) return { ok: false, code: "notActive" };
  const status = await applicationStatus(svc.db, current.id);
  return status ? { ok: true, status } : { ok: false, code: "notFound" };
}

/**
 * The applicant withdraws (from the status page). Only an application still in the process can
 * be withdrawn; recruiting is told, and the applicant gets a confirmation.
 */
export async function withdrawApplication(svc: Mover, id: string, now?: Date): Promise<StageChange> {
  const current = await applicationStatus(svc.db, id);
  if (!current) return { ok: false, code: "notFound" };
  const studio = await getStudioInfo(svc.db, current.language);
  const recruiting = svc.config.CAREERS_RECRUITING_EMAIL ?? studio.email.recruiting;
  const withdrawn = await svc.db.transaction(async (tx) => {
    const active = inArray(jobApplications.stage, [...recruitmentSteps]);
    const row = await setStage(tx, id, active, "withdrawn", now);
    if (!row) return false;
    const siteUrl = svc.config.publicUrl;
    await enqueueEmail(
      tx,
      await withdrawnConfirmation.compose(
        { to: current.email, lang: current.language, studioName: studio.name, siteUrl },
        {
          name: current.name,
          title: current.jobTitle,
          deleteOn: formatDate(current.expiresAt, current.language),
        },
      ),
      { kind: applicationItemKind, id },
    );
    await enqueueEmail(
      tx,
      await withdrawnNotice.compose(
        { to: recruiting, lang: "en", studioName: studio.name, siteUrl },
        { name: current.name, title: current.jobTitle, id },
      ),
      { kind: applicationItemKind, id },
    );
    return true;
  });
  if (!withdrawn) return { ok: false, code: "notActive" };
  const status = await applicationStatus(svc.db, id);
  return status ? { ok: true, status } : { ok: false, code: "notFound" };
}

export type ApplicationListItem = {
  id: string;
  jobTitle: string;
  name: string;
  email: string;
  stage: ApplicationStage;
  stageChangedAt: string;
  createdAt: string;
};

/** The studio's list (newest first), optionally of one stage or one offer. */
export async function listApplications(
  db: Db,
  filter: { stage?: ApplicationStage; job?: number },
): Promise<ApplicationListItem[]> {
  const where = and(
    filter.stage ? eq(jobApplications.stage, filter.stage) : undefined,
    filter.job !== undefined ? eq(jobApplications.jobOfferId, filter.job) : undefined,
  );
  const rows = await db.select().from(jobApplications).where(where).orderBy(desc(jobApplications.createdAt));
  return rows.map((r) => ({
    id: r.id,
    jobTitle: r.jobTitle,
    name: r.name,
    email: r.email,
    stage: asStage(r.stage),
    stageChangedAt: r.stageChangedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The applications sent from an address (a lost status link is sent again to it). */
export async function applicationsOf(db: Db | Tx, email: string) {
  return (
    db
      .select({
        id: jobApplications.id,
        jobTitle: jobApplications.jobTitle,
        language: jobApplications.language,
      })
      .from(jobApplications)
      .where(sql`lower(${jobApplications.email}) = lower(${email})`)
      .orderBy(desc(jobApplications.createdAt))
      // Held until the caller\'s transaction ends: a deletion waits, then takes the links made
      // to them (status_links has no foreign key to do it).
      .for("key share")
  );
}

/** Records the sending as the first stage (inside the application's own transaction). */
export async function recordApplied(tx: Tx, id: string, at: Date) {
  await tx.insert(jobApplicationStages).values({ applicationId: id, stage: "apply", at });
}
