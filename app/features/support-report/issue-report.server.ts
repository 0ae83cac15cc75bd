import { lt } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import { defaultLanguage, type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { purgeItemsWithFiles } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { addMonths } from "~/platform/time/months";
import { storeFormFiles } from "~/platform/uploads/form-files.server";
import { issueHoneypot } from "./issue-choices";
import type { IssueInput } from "./issue-form";
import { issueReportStages, issueReports } from "./tables";

/** The game named is not one of the studio's (content/games). */
export class IssueRefused extends Error {
  constructor(readonly code: "unknownGame") {
    super(code);
  }
}

/** What the upload store calls the owner of a report's files. */
export const issueOwner = (id: string) => `issue-report:${id}`;

/**
 * What the outbox, the status links and the data-rights pages call an issue report: its e-mails
 * and links are named by it and its id, and go with it (`deleteItemTraces`).
 */
export const issueReportItemKind = "issueReport";

const reportForSupport = defineEmailTemplate(
  "issue-report",
  (
    p: Omit<IssueInput, "attachments" | "consent" | typeof issueHoneypot> & {
      id: string;
      gameName: string;
      language: string;
      files: string[];
    },
    { t },
  ) => ({
    subject: t("mail:support-report.support.subject", { game: p.gameName, summary: p.summary }),
    heading: p.summary,
    details: [
      { label: t("support-report:form.category"), value: t(`support-report:categories.${p.category}`) },
      { label: t("support-report:form.game"), value: p.gameName },
      { label: t("support-report:form.platform"), value: t(`support-report:platforms.${p.platform}`) },
      { label: t("support-report:form.email"), value: p.email },
      { label: t("mail:support-report.support.language"), value: p.language },
      { label: t("mail:support-report.support.files"), value: p.files.join(", ") || "—" },
      { label: t("mail:support-report.support.reference"), value: p.id },
    ],
    paragraphs: p.description.split(/\n\s*\n/).filter((part) => part.trim()),
    reason: t("mail:support-report.support.reason"),
  }),
);

/** A fixed acknowledgement: never the visitor's own text (see docs/decisions/0011-contact-bot-check-and-archives.md). */
const reportAcknowledgement = defineEmailTemplate(
  "issue-report-acknowledgement",
  (p: { id: string; months: number; statusUrl: string }, { t }) => ({
    subject: t("mail:support-report.ack.subject"),
    heading: t("mail:support-report.ack.heading"),
    paragraphs: [
      t("mail:support-report.ack.received"),
      t("mail:support-report.ack.reference", { id: reportReference(p.id) }),
      t("mail:support-report.ack.status"),
      t("mail:support-report.ack.retention", { months: p.months }),
    ],
    action: { label: t("mail:support-report.status.action"), url: p.statusUrl },
    reason: t("mail:support-report.ack.reason"),
  }),
);

/** The short reference a reporter is given ("3F2A9C1B"). */
export const reportReference = (id: string) => id.slice(0, 8).toUpperCase();

export type IssueResult = { status: "sent"; id: string } | { status: "dropped" };

/**
 * One rule for the report page's action and POST /api/issues: honeypot → dropped; else the
 * report, its files (attached in the same transaction) and both e-mails are stored together.
 */
export async function submitIssueReport(
  svc: Pick<Services, "db" | "config" | "logger" | "uploads">,
  input: IssueInput,
  { lang, now = new Date() }: { lang: Language; now?: Date },
): Promise<IssueResult> {
  if (input[issueHoneypot]) {
    svc.logger.info("issue report honeypot filled; dropped");
    return { status: "dropped" };
  }
  const studio = await getStudioInfo(svc.db, defaultLanguage);
  const game = studio.games.find((g) => g.slug === input.game);
  if (!game) throw new IssueRefused("unknownGame");

  const uploadIds = await storeFormFiles(svc, input.attachments);
  const { config } = svc;
  const months = config.CONTACT_RETENTION_MONTHS;
  const site = { studioName: studio.name, siteUrl: config.publicUrl };

  return svc.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(issueReports)
      .values({
        category: input.category,
        game: input.game,
        platform: input.platform,
        email: input.email,
        summary: input.summary,
        description: input.description,
        language: lang,
        createdAt: now,
        statusChangedAt: now,
        expiresAt: addMonths(now, months),
      })
      .returning({ id: issueReports.id });
    const id = row!.id;
    const attached = await svc.uploads.attach(tx, uploadIds, issueOwner(id));
    const { category, platform, email, summary, description } = input;
    const toSupport = await reportForSupport.compose(
      { to: studio.email.support, lang: defaultLanguage, ...site },
      {
        id,
        category,
        game: input.game,
        gameName: game.name,
        platform,
        email,
        summary,
        description,
        language: lang,
        files: attached.map((file) => file.name),
      },
      { "Reply-To": email },
    );
    const about = { kind: issueReportItemKind, id };
    await enqueueEmail(
      tx,
      {
        ...toSupport,
        attachments: attached.map((file) => ({
          filename: file.name,
          file: file.file,
          contentType: file.type,
        })),
      },
      about,
    );
    await tx.insert(issueReportStages).values({ reportId: id, status: "received", at: now });
    const token = await createStatusLink(tx, issueReportItemKind, id);
    const statusUrl = `${config.publicUrl}${localizePath(statusPath(token), lang)}`;
    await enqueueEmail(
      tx,
      await reportAcknowledgement.compose({ to: email, lang, ...site }, { id, months, statusUrl }),
      about,
    );
    return { status: "sent", id };
  });
}

/**
 * Deletes reports past their retention date with their files and their e-mails in the outbox
 * (rows and .eml copies); returns how many reports.
 */
export async function purgeExpiredIssueReports(
  svc: Pick<Services, "db" | "uploads" | "config">,
  now = new Date(),
): Promise<number> {
  const gone = await purgeItemsWithFiles(svc, {
    kind: issueReportItemKind,
    owner: issueOwner,
    deleteRows: async (tx) =>
      (
        await tx
          .delete(issueReports)
          .where(lt(issueReports.expiresAt, now))
          .returning({ id: issueReports.id })
      ).map((row) => row.id),
  });
  return gone.length;
}
