import {
  applicationPersonalData,
  applicationStageTitleKey,
  applicationStatus,
  applicationsOf,
  withdrawApplication,
} from "~/features/careers/index.server";
import { contactMessagesOf, contactPersonalData, contactStatus } from "~/features/contact/index.server";
import { patchNotesPath } from "~/features/patches";
import {
  confirmSeat,
  declineSession,
  playtestPersonalData,
  playtestStatusPage,
  sessionCalendar,
  signNda,
  signupsOf,
} from "~/features/playtesting/index.server";
import { exportItemArchive, removePersonalItem } from "~/features/privacy-requests/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import { issueReportPersonalData, issueReportsOf, issueStatus } from "~/features/support-report/index.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { formatDate } from "~/platform/i18n/format";
import { type Language, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { aboutAddress, enqueueEmail } from "~/platform/mail/outbox.server";
import { spendRequestedEmail } from "~/platform/mail/requested-email-budget.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { archiveFilename } from "~/platform/privacy/archive.server";
import type { PersonalDataServices } from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import {
  createStatusLink,
  findStatusLink,
  openStatusLink,
  revokeStatusLinks,
  statusPath,
} from "~/platform/status/links.server";

/**
 * Status pages by private link (docs/requirements.md#status-pages): what a token opens, what
 * the visitor may do there, and the links sent again to an address. Each kind of submission
 * keeps its own rules in its feature; this module only routes to them.
 */

const day = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);

async function applicationPage(db: Db, id: string, lang: Language) {
  const status = await applicationStatus(db, id);
  if (!status) return null;
  const reachedOn: Record<string, string> = {};
  for (const step of status.history) reachedOn[step.stage] = day(step.at, lang);
  return {
    kind: "application" as const,
    title: status.jobTitle,
    deleteOn: day(status.expiresAt, lang),
    application: {
      jobTitle: status.jobTitle,
      jobOfferId: status.jobOfferId,
      stage: status.stage,
      skillsStep: status.skillsStep,
      sentOn: day(status.createdAt, lang),
      changedOn: day(status.stageChangedAt, lang),
      reachedOn,
    },
  };
}

async function contactPage(db: Db, id: string, lang: Language) {
  const status = await contactStatus(db, id);
  if (!status) return null;
  return {
    kind: "contact" as const,
    title: status.subject,
    deleteOn: day(status.expiresAt, lang),
    contact: {
      subject: status.subject,
      category: status.category,
      status: status.status,
      sentOn: day(status.createdAt, lang),
      answeredOn: status.answeredAt ? day(status.answeredAt, lang) : null,
    },
  };
}

async function issuePage(db: Db, id: string, lang: Language) {
  const status = await issueStatus(db, id, lang);
  if (!status) return null;
  return {
    kind: "issueReport" as const,
    title: status.summary,
    deleteOn: day(status.expiresAt, lang),
    issue: {
      reference: status.reference,
      gameName: status.gameName,
      platform: status.platform,
      category: status.category,
      status: status.status,
      sentOn: day(status.createdAt, lang),
      changedOn: day(status.statusChangedAt, lang),
      note: status.note,
      patch: status.patch
        ? {
            version: status.patch.version,
            title: status.patch.title,
            href: patchNotesPath(status.patch.game, status.patch.version, lang),
          }
        : null,
      infoAddedOn: status.infoAddedAt ? day(status.infoAddedAt, lang) : null,
      history: status.history.map((step) => ({
        status: step.status,
        on: day(step.at, lang),
        at: step.at.toISOString(),
      })),
    },
  };
}

async function playtestPage(db: Db, id: string, lang: Language) {
  const page = await playtestStatusPage(db, id, lang);
  if (!page) return null;
  return { kind: "playtest" as const, title: page.title, deleteOn: page.deleteOn, playtest: page.data };
}

/**
 * The kinds of item with a status page: each link names its item by the kind the item's feature
 * gives it (the outbox's and the data-rights pages' kind, `personalDataOf` below).
 */
export type StatusKind = "application" | "contact" | "issueReport" | "playtest";

/** One submission's page data in `lang`, by its kind; null when it no longer exists. */
function pageOf(db: Db, kind: string, id: string, lang: Language) {
  switch (kind) {
    case "application":
      return applicationPage(db, id, lang);
    case "contact":
      return contactPage(db, id, lang);
    case "issueReport":
      return issuePage(db, id, lang);
    case "playtest":
      return playtestPage(db, id, lang);
    default:
      return null;
  }
}

/**
 * What a token opens, in the visitor's language: each kind's own page data, or null (the link
 * does not open: `statusLinkGone` tells an expired one). Opening it keeps the link alive.
 */
export async function loadStatusPage(
  svc: Pick<Services, "db">,
  token: string,
  lang: Language,
  now = new Date(),
) {
  const target = await openStatusLink(svc.db, token, now);
  if (!target) return null;
  return pageOf(svc.db, target.kind, target.itemId, lang);
}

export type StatusPage = NonNullable<Awaited<ReturnType<typeof loadStatusPage>>>;

export type StatusAction = { ok: true } | { ok: false; code: "notFound" | "notActive" };

/**
 * A playtester's answer to an invitation (status page): "confirm" takes a seat, or the waitlist
 * when none is left; "decline" ("I can't make it") frees it. Answers where the tester now is.
 */
export async function answerPlaytestByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
  answer: "confirm" | "decline",
): Promise<{ ok: true; stage: string } | { ok: false; code: "notFound" | "notActive" }> {
  const target = await findStatusLink(svc.db, token);
  if (target?.kind !== "playtest") return { ok: false, code: "notFound" };
  const change =
    answer === "confirm" ? await confirmSeat(svc, target.itemId) : await declineSession(svc, target.itemId);
  if (change.ok) return { ok: true, stage: change.to };
  return { ok: false, code: change.code === "notFound" ? "notFound" : "notActive" };
}

/** Withdrawing an application (only applications can be withdrawn). */
export async function withdrawByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
): Promise<StatusAction> {
  const target = await findStatusLink(svc.db, token);
  if (target?.kind !== "application") return { ok: false, code: "notFound" };
  const change = await withdrawApplication(svc, target.itemId);
  return change.ok
    ? { ok: true }
    : { ok: false, code: change.code === "notFound" ? "notFound" : "notActive" };
}

/** A confirmed playtester signs the NDA by typing their full name. */
export async function signNdaByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
  typedName: string,
): Promise<{ ok: true } | { ok: false; code: "notFound" | "notActive" | "nameMismatch" }> {
  const target = await findStatusLink(svc.db, token);
  if (target?.kind !== "playtest") return { ok: false, code: "notFound" };
  const signed = await signNda(svc, target.itemId, typedName);
  if (signed.ok) return { ok: true };
  if (signed.code === "notFound" || signed.code === "nameMismatch") return { ok: false, code: signed.code };
  return { ok: false, code: "notActive" };
}

/** The playtest session a link's sign-up is invited to, as a calendar file; null otherwise. */
export async function sessionCalendarByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
  lang: Language,
): Promise<string | null> {
  const target = await findStatusLink(svc.db, token);
  if (target?.kind !== "playtest") return null;
  return sessionCalendar(svc.db, target.itemId, svc.config.publicUrl, lang);
}

/** Each kind's personal data (privacy-requests), for the status page's download and deletion. */
const personalDataOf = {
  application: applicationPersonalData,
  contact: contactPersonalData,
  issueReport: issueReportPersonalData,
  playtest: playtestPersonalData,
} as const satisfies { [K in StatusKind]: { kind: K } };

/** Whether items of a kind of personal data (privacy-requests' `kind`) have a status page. */
export function hasStatusPage(kind: string): kind is StatusKind {
  return Object.hasOwn(personalDataOf, kind);
}

/**
 * Where a submission stands, in a few words of `lang`: the title its status page gives its
 * current state. Null when it no longer exists.
 */
export async function statusSummary(
  svc: Pick<Services, "db">,
  kind: StatusKind,
  id: string,
  lang: Language,
): Promise<string | null> {
  const page = await pageOf(svc.db, kind, id, lang);
  if (!page) return null;
  const t = await translator(lang);
  switch (page.kind) {
    case "application":
      return t(`careers:${applicationStageTitleKey(page.application.stage)}`);
    case "contact":
      return t(`contact:status.${page.contact.status}.title`);
    case "issueReport":
      return t(`support-report:status.states.${page.issue.status}.title`);
    case "playtest":
      return t(`playtesting:status.stages.${page.playtest.stage}.title`);
  }
}

/** The item a token opens, when it is of a kind with a status page. */
async function findStatusTarget(db: Db, token: string) {
  const target = await findStatusLink(db, token);
  return target && hasStatusPage(target.kind) ? { kind: target.kind, itemId: target.itemId } : null;
}

/**
 * "Download my data": the submission's archive (data.json and its files) and its file name,
 * which says what it holds (as the data-rights page names it); null when the link does not open.
 */
export async function exportByStatusLink(svc: PersonalDataServices, token: string) {
  const target = await findStatusTarget(svc.db, token);
  if (!target) return null;
  const source = personalDataOf[target.kind];
  const bytes = await exportItemArchive(svc, source, target.itemId);
  return bytes && { bytes, filename: archiveFilename({ kind: source.kind, id: target.itemId }) };
}

/** "Delete now": the submission, its files and its links, for good. */
export async function deleteByStatusLink(
  svc: PersonalDataServices,
  token: string,
): Promise<{ ok: true; kind: StatusKind } | { ok: false; code: "notFound" }> {
  const target = await findStatusTarget(svc.db, token);
  if (!target) return { ok: false, code: "notFound" };
  await removePersonalItem(svc, personalDataOf[target.kind], target.itemId);
  return { ok: true, kind: target.kind };
}

/** The items of a kind sent from an address, held until the transaction ends. */
const heldItemsOf: Record<StatusKind, (tx: Tx, email: string) => Promise<Array<{ id: string }>>> = {
  application: applicationsOf,
  contact: contactMessagesOf,
  issueReport: issueReportsOf,
  playtest: signupsOf,
};

/**
 * A fresh private link to item `id` of `kind`, sent from `email` (the account area's "Open status
 * page"); null when there is no such item, or it was deleted meanwhile.
 */
export async function linkToItemOf(
  svc: Pick<Services, "db">,
  kind: StatusKind,
  email: string,
  id: string,
): Promise<string | null> {
  return svc.db.transaction(async (tx) => {
    const items = await heldItemsOf[kind](tx, email);
    return items.some((item) => item.id === id) ? createStatusLink(tx, kind, id) : null;
  });
}

/** The issue report a link opens (to add information to it), or null. */
export async function issueOfLink(svc: Pick<Services, "db">, token: string): Promise<string | null> {
  const target = await findStatusLink(svc.db, token);
  return target?.kind === "issueReport" ? target.itemId : null;
}

const linksEmail = defineEmailTemplate(
  "status-links",
  (p: { items: Array<{ label: string; url: string }> }, { t }) => ({
    subject: t("mail:status.request.subject"),
    heading: t("mail:status.request.heading"),
    paragraphs: [t("mail:status.request.body")],
    details: p.items.map((item) => ({ label: item.label, value: item.url })),
    reason: t("mail:status.request.reason"),
  }),
);

/**
 * Sends every submission's private link, fresh, to the address it was sent from, and only
 * there; nothing when there is none, nor once the address's requested e-mails of the hour are
 * spent (spendRequestedEmail). The fresh links replace every earlier link to those submissions
 * (revokeStatusLinks): they reach the same mailbox in the same e-mail, so nobody loses a way in,
 * and a copy left in another mailbox stops opening. The page answers the same in every case and
 * does not wait for this (started, not awaited), so neither the answer nor its time says whether
 * anything exists or was sent.
 */
export async function sendStatusLinks(
  svc: Pick<Services, "db" | "config" | "logger" | "rateLimits">,
  address: string,
  lang: Language,
): Promise<void> {
  try {
    if (!(await spendRequestedEmail(svc, address, "status-links"))) return;
    const studio = await getStudioInfo(svc.db, lang);
    const t = await translator(lang);
    const url = (token: string) => `${svc.config.publicUrl}${localizePath(statusPath(token), lang)}`;
    const gameName = (slug: string) => studio.games.find((g) => g.slug === slug)?.name ?? slug;
    await svc.db.transaction(async (tx) => {
      // Read in the transaction that links them, each item held until it ends: one deleted
      // meanwhile waits, then takes its new links with it.
      const applications = await applicationsOf(tx, address);
      const messages = await contactMessagesOf(tx, address);
      const reports = await issueReportsOf(tx, address);
      const signups = await signupsOf(tx, address);
      if (!applications.length && !messages.length && !reports.length && !signups.length) return;
      const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
      await revokeStatusLinks(tx, "application", ids(applications));
      await revokeStatusLinks(tx, "contact", ids(messages));
      await revokeStatusLinks(tx, "issueReport", ids(reports));
      await revokeStatusLinks(tx, "playtest", ids(signups));
      const items: Array<{ label: string; url: string }> = [];
      for (const application of applications) {
        const token = await createStatusLink(tx, "application", application.id);
        items.push({
          label: t("status:kinds.application", { title: application.jobTitle }),
          url: url(token),
        });
      }
      // Never the visitor's own words (a subject, a summary): anyone can type any address in a
      // form, and this e-mail must not carry a stranger's text to it.
      for (const message of messages) {
        const token = await createStatusLink(tx, "contact", message.id);
        items.push({
          label: t("status:kinds.contact", {
            topic: t(`contact:form.categories.${message.category}`),
            date: day(message.createdAt, lang),
          }),
          url: url(token),
        });
      }
      for (const report of reports) {
        const token = await createStatusLink(tx, "issueReport", report.id);
        items.push({
          label: t("status:kinds.issueReport", { reference: report.reference, game: gameName(report.game) }),
          url: url(token),
        });
      }
      for (const signup of signups) {
        const token = await createStatusLink(tx, "playtest", signup.id);
        items.push({
          label: t("status:kinds.playtest", {
            location: t(`playtesting:signUp.locations.${signup.site}`),
            date: day(signup.createdAt, lang),
          }),
          url: url(token),
        });
      }
      await enqueueEmail(
        tx,
        await linksEmail.compose(
          { to: address, lang, studioName: studio.name, siteUrl: svc.config.publicUrl },
          { items },
        ),
        // About everything tied to the address, not one item: see aboutAddress.
        aboutAddress(address),
      );
    });
  } catch (err) {
    svc.logger.error({ err }, "status links not sent");
  }
}
