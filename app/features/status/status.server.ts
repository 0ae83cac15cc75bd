import {
  applicationPersonalData,
  applicationStatus,
  applicationsOf,
  withdrawApplication,
} from "~/features/careers/index.server";
import { exportItemArchive, removePersonalItem } from "~/features/privacy-requests/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import { formatDate } from "~/platform/i18n/format";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import type { PersonalDataServices } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { createStatusLink, findStatusLink, statusPath } from "~/platform/status/links.server";

/**
 * Status pages by private link (docs/requirements.md#status-pages): what a token opens, what
 * the visitor may do there, and the links sent again to an address. Each kind of submission
 * keeps its own rules in its feature; this module only routes to them.
 */

const day = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);

export async function loadStatusPage(svc: Pick<Services, "db">, token: string, lang: Language) {
  const target = await findStatusLink(svc.db, token);
  if (!target) return null;
  const status = await applicationStatus(svc.db, target.itemId);
  if (!status) return null;
  const reachedOn: Record<string, string> = {};
  for (const step of status.history) reachedOn[step.stage] = day(step.at, lang);
  return {
    kind: target.kind,
    title: status.jobTitle,
    deleteOn: day(status.expiresAt, lang),
    application: {
      jobTitle: status.jobTitle,
      jobOfferId: status.jobOfferId,
      stage: status.stage,
      sentOn: day(status.createdAt, lang),
      changedOn: day(status.stageChangedAt, lang),
      reachedOn,
    },
  };
}

export type StatusAction = { ok: true } | { ok: false; code: "notFound" | "notActive" };

/** The page's one write today: withdrawing an application. */
export async function withdrawByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
): Promise<StatusAction> {
  const target = await findStatusLink(svc.db, token);
  if (!target) return { ok: false, code: "notFound" };
  const change = await withdrawApplication(svc, target.itemId);
  return change.ok
    ? { ok: true }
    : { ok: false, code: change.code === "notFound" ? "notFound" : "notActive" };
}

/** "Download my data": the submission's archive (data.json and its files); null when the link does not open. */
export async function exportByStatusLink(svc: PersonalDataServices, token: string) {
  const target = await findStatusLink(svc.db, token);
  if (!target) return null;
  return exportItemArchive(svc, applicationPersonalData, target.itemId);
}

/** "Delete now": the submission, its files and its links, for good. */
export async function deleteByStatusLink(svc: PersonalDataServices, token: string): Promise<StatusAction> {
  const target = await findStatusLink(svc.db, token);
  if (!target) return { ok: false, code: "notFound" };
  await removePersonalItem(svc, applicationPersonalData, target.itemId);
  return { ok: true };
}

const linksEmail = defineEmailTemplate(
  "status-links",
  (p: { items: Array<{ label: string; url: string }> }, { t }) => ({
    subject: t("status:request.mail.subject"),
    heading: t("status:request.mail.heading"),
    paragraphs: [t("status:request.mail.body")],
    details: p.items.map((item) => ({ label: item.label, value: item.url })),
    reason: t("status:request.mail.reason"),
  }),
);

/**
 * Sends every submission's private link, fresh, to the address it was sent from, and only
 * there; nothing when there is none. The page answers the same either way and does not wait
 * for this (started, not awaited), so neither the answer nor its time says whether anything
 * exists.
 */
export async function sendStatusLinks(
  svc: Pick<Services, "db" | "config" | "logger">,
  address: string,
  lang: Language,
): Promise<void> {
  try {
    const applications = await applicationsOf(svc.db, address);
    if (!applications.length) return;
    const studio = await getStudioInfo(svc.db, lang);
    const translate = await translator(lang, "status");
    await svc.db.transaction(async (tx) => {
      const items: Array<{ label: string; url: string }> = [];
      for (const application of applications) {
        const token = await createStatusLink(tx, "application", application.id);
        items.push({
          label: translate("kinds.application", { title: application.jobTitle }),
          url: `${svc.config.publicUrl}${localizePath(statusPath(token), lang)}`,
        });
      }
      await enqueueEmail(
        tx,
        await linksEmail.compose(
          { to: address, lang, studioName: studio.name, siteUrl: svc.config.publicUrl },
          { items },
        ),
      );
    });
  } catch (err) {
    svc.logger.error({ err }, "status links not sent");
  }
}
