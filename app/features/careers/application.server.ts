import { lt } from "drizzle-orm";
import type { JobOffer } from "~/features/jobs";
import { getJobOffer } from "~/features/jobs/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { purgeItemsWithFiles } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { defineTask, type Task } from "~/platform/tasks/task";
import { addMonths } from "~/platform/time/months";
import { storeFormFiles } from "~/platform/uploads/form-files.server";
import { type ApplicationInput, isResumeName } from "./application-form";
import { applicationHoneypot } from "./application-limits";
import { applicationItemKind, recordApplied } from "./application-status.server";
import { jobApplications } from "./tables";

/** Why an application was not taken; `code` is a careers catalog key under "apply.errors.". */
export class ApplicationRefused extends Error {
  constructor(readonly code: "closed" | "resumeType" | "resumeInvalid") {
    super(code);
  }
}

/** What the upload store calls the owner of an application's résumé. */
export const applicationOwner = (id: string) => `job-application:${id}`;

const applicantConfirmation = defineEmailTemplate(
  "job-application-received",
  (p: { name: string; title: string; statusUrl: string; months: number }, { t }) => ({
    subject: t("mail:careers.apply.subject", { title: p.title }),
    heading: t("mail:careers.apply.heading", { name: p.name }),
    // A confirmation only: the applicant's own texts are not copied into an e-mail.
    paragraphs: [
      t("mail:careers.apply.received", { title: p.title }),
      t("mail:careers.apply.next"),
      t("mail:careers.apply.status"),
      t("mail:careers.apply.retention", { months: p.months }),
    ],
    // The private status page: where it stands, withdraw, download or delete.
    action: { label: t("mail:careers.apply.action"), url: p.statusUrl },
    reason: t("mail:careers.apply.reason"),
  }),
);

const recruitingNotice = defineEmailTemplate(
  "job-application-recruiting",
  (
    p: {
      title: string;
      office: string;
      name: string;
      email: string;
      phone: string;
      portfolio: string | null;
      coverLetter: string | null;
      resume: string;
      id: string;
    },
    { t },
  ) => ({
    subject: t("careers:apply.recruiting.subject", { title: p.title, name: p.name }),
    heading: t("careers:apply.recruiting.heading", { title: p.title }),
    paragraphs: [
      t("careers:apply.recruiting.body", { office: p.office }),
      ...(p.coverLetter ? [p.coverLetter] : []),
    ],
    details: [
      { label: t("careers:apply.form.name"), value: p.name },
      { label: t("careers:apply.form.email"), value: p.email },
      { label: t("careers:apply.form.phone"), value: p.phone },
      ...(p.portfolio ? [{ label: t("careers:apply.form.portfolio"), value: p.portfolio }] : []),
      { label: t("careers:apply.form.resume"), value: p.resume },
      { label: t("careers:apply.recruiting.reference"), value: p.id },
    ],
    reason: t("careers:apply.recruiting.reason"),
  }),
);

/** The offer an application may be sent for: open, and without a recruiting service's page. */
export async function applicableOffer(svc: Pick<Services, "db">, id: number, lang: Language) {
  const job = await getJobOffer(svc.db, id, lang);
  return job?.isOpen && !job.applyUrl ? job : null;
}

export type ApplicationResult = { status: "sent"; id: string } | { status: "dropped" };

/**
 * One rule for the job page's action and the API: a filled honeypot is answered as sent and
 * dropped; otherwise the application, its résumé (attached in the same transaction) and the two
 * e-mails (applicant's confirmation, recruiting's notice) are stored together or not at all.
 */
export async function submitApplication(
  svc: Pick<Services, "db" | "config" | "logger" | "uploads">,
  job: JobOffer,
  input: ApplicationInput,
  { lang, now = new Date() }: { lang: Language; now?: Date },
): Promise<ApplicationResult> {
  if (input[applicationHoneypot]) {
    svc.logger.info("job application honeypot filled; dropped");
    return { status: "dropped" };
  }
  if (!job.isOpen || job.applyUrl) throw new ApplicationRefused("closed");

  // A résumé posted without JavaScript is named as one before it is stored.
  if (input.resume.some((item) => typeof item !== "string" && !isResumeName(item.name))) {
    throw new ApplicationRefused("resumeType");
  }
  const uploadIds = await storeFormFiles(svc, input.resume);

  const { config } = svc;
  const months = config.CAREERS_APPLICATION_RETENTION_MONTHS;
  const studio = await getStudioInfo(svc.db, lang);
  const recruiting = config.CAREERS_RECRUITING_EMAIL ?? studio.email.recruiting;

  return svc.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobApplications)
      .values({
        jobOfferId: job.id,
        jobTitle: job.title,
        name: input.name,
        email: input.email,
        phone: input.phone,
        coverLetter: input.coverLetter ?? null,
        portfolioUrl: input.portfolio ?? null,
        language: lang,
        createdAt: now,
        expiresAt: addMonths(now, months),
      })
      .returning({ id: jobApplications.id });
    const id = row!.id;
    await recordApplied(tx, id, now);
    const statusUrl = `${config.publicUrl}${localizePath(statusPath(await createStatusLink(tx, applicationItemKind, id)), lang)}`;
    let attached: Awaited<ReturnType<typeof svc.uploads.attach>>;
    try {
      attached = await svc.uploads.attach(tx, uploadIds, applicationOwner(id));
    } catch {
      throw new ApplicationRefused("resumeInvalid");
    }
    // An upload sent with JavaScript went through the store's own (wider) type check: a
    // résumé must still be a pdf, doc or docx.
    if (attached.length !== 1 || !attached.every((file) => isResumeName(file.name))) {
      throw new ApplicationRefused("resumeType");
    }
    const audience = { lang, studioName: studio.name, siteUrl: config.publicUrl };
    await enqueueEmail(
      tx,
      await applicantConfirmation.compose(
        { ...audience, to: input.email },
        { name: input.name, title: job.title, statusUrl, months },
      ),
      { kind: applicationItemKind, id },
    );
    const notice = await recruitingNotice.compose(
      { ...audience, to: recruiting, lang: "en" },
      {
        title: job.title,
        office: job.office.name,
        name: input.name,
        email: input.email,
        phone: input.phone,
        portfolio: input.portfolio ?? null,
        coverLetter: input.coverLetter ?? null,
        resume: `${attached[0]!.name} (upload ${attached[0]!.id})`,
        id,
      },
    );
    // Recruiting gets the résumé itself; the applicant's confirmation carries nothing of theirs.
    const resume = attached[0]!;
    await enqueueEmail(
      tx,
      { ...notice, attachments: [{ filename: resume.name, file: resume.file, contentType: resume.type }] },
      { kind: applicationItemKind, id },
    );
    return { status: "sent" as const, id };
  });
}

/**
 * Deletes applications past their retention date with their résumés (rows and files) and their
 * e-mails in the outbox (rows and .eml copies). Returns how many applications went.
 */
export async function purgeExpiredApplications(
  svc: Pick<Services, "db" | "uploads" | "config">,
  now = new Date(),
): Promise<number> {
  const gone = await purgeItemsWithFiles(svc, {
    kind: applicationItemKind,
    owner: applicationOwner,
    deleteRows: async (tx) =>
      (
        await tx
          .delete(jobApplications)
          .where(lt(jobApplications.expiresAt, now))
          .returning({ id: jobApplications.id })
      ).map((row) => row.id),
  });
  return gone.length;
}

/** Deletes expired applications (and their files) at start and then hourly. */
export function applicationRetentionTask(svc: Pick<Services, "db" | "uploads" | "config" | "logger">): Task {
  return defineTask({
    name: "application-retention",
    everyMs: 60 * 60_000,
    async run() {
      const deleted = await purgeExpiredApplications(svc);
      if (deleted) svc.logger.info({ deleted }, "expired job applications deleted");
    },
  });
}
