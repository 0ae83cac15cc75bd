import { getStudioInfo } from "~/features/studio/index.server";
import { formatDate } from "~/platform/i18n/format";
import { defaultLanguage, type Language, localizePath } from "~/platform/i18n/languages";
import { deleteEmailsMentioning, enqueueEmail } from "~/platform/mail/outbox.server";
import { spendRequestedEmail } from "~/platform/mail/requested-email-budget.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { buildArchive, type DownloadChoice } from "~/platform/privacy/archive.server";
import {
  aboutPrivacyLink,
  createPrivacyLink,
  deletePrivacyLinks,
  findPrivacyLink,
  privacyPath,
  purgeExpiredPrivacyLinks,
} from "~/platform/privacy/links.server";
import {
  isSubmissionSource,
  type PersonalDataServices,
  type PersonalDataSource,
  type PersonalFile,
  type PersonalItem,
  type SubmissionSource,
} from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { purgeTask, type Task } from "~/platform/tasks/task";
import { personalDataSources } from "./personal-data-list.server";

/**
 * Data rights, self-service (docs/requirements.md#data-rights): everything tied to an address,
 * listed, downloaded and deleted through the sources of personal-data-list.server.ts. The
 * e-mailed link proves the mailbox only: it downloads and deletes what was sent from it (the
 * submission sources), never what a sign-in guards (the account), which its page lists with
 * the way to sign in. Deletions are logged by kind and count, never with the address.
 */

/** The sources the e-mailed link acts on: all but those a sign-in guards. */
const submissionSources = (): SubmissionSource[] => personalDataSources().filter(isSubmissionSource);

/** Each source among `sources` with its items tied to `email`, the sources with none left out. */
async function tiedTo<S extends PersonalDataSource>(
  db: PersonalDataServices["db"],
  email: string,
  lang: Language,
  sources: S[],
): Promise<Array<{ source: S; items: PersonalItem[] }>> {
  const found = await Promise.all(
    sources.map(async (source) => ({ source, items: await source.listByEmail(db, email, lang) })),
  );
  return found.filter((group) => group.items.length > 0);
}

/** The source among `sources` of `kind` when its item `id` is tied to `email`; otherwise null. */
async function ownedSource<S extends PersonalDataSource>(
  svc: Pick<PersonalDataServices, "db">,
  sources: S[],
  email: string,
  kind: string,
  id: string,
): Promise<S | null> {
  const source = sources.find((candidate) => candidate.kind === kind);
  if (!source) return null;
  const items = await source.listByEmail(svc.db, email, defaultLanguage);
  return items.some((item) => item.id === id) ? source : null;
}

const day = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);

const itemView = (item: PersonalItem, lang: Language) => ({
  id: item.id,
  label: item.label,
  createdOn: day(item.createdAt, lang),
  deleteOn: item.deleteOn ? day(item.deleteOn, lang) : null,
});

/**
 * Everything tied to `email`, the account included, grouped by kind, dates in `lang`: what the
 * account area lists for its signed-in holder (features/account-data).
 */
export async function listTiedTo(svc: Pick<Services, "db">, email: string, lang: Language) {
  const groups = await tiedTo(svc.db, email, lang, personalDataSources());
  return groups.map(({ source, items }) => ({
    kind: source.kind,
    items: items.map((i) => itemView(i, lang)),
  }));
}

/** Whether the item `id` of `kind` is tied to `email` (the only items a holder of it may act on). */
export async function isTiedTo(db: PersonalDataServices["db"], email: string, kind: string, id: string) {
  return (await ownedSource({ db }, personalDataSources(), email, kind, id)) !== null;
}

/**
 * The private page of a link, dates in `lang`; null when the link does not open. `groups`: the
 * address's submissions, which the link downloads and deletes; `signIn`: what a sign-in guards
 * (the account), named with its creation day and the signed-in pages that download and delete
 * it, and nothing else of it.
 */
export async function loadPrivacyRequestPage(svc: Pick<Services, "db">, token: string, lang: Language) {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return null;
  const found = await tiedTo(svc.db, email, lang, personalDataSources());
  return {
    email,
    groups: found.flatMap(({ source, items }) =>
      isSubmissionSource(source) ? [{ kind: source.kind, items: items.map((i) => itemView(i, lang)) }] : [],
    ),
    signIn: found.flatMap(({ source, items }) =>
      isSubmissionSource(source)
        ? []
        : items.map((item) => ({
            kind: source.kind,
            label: item.label,
            createdOn: day(item.createdAt, lang),
            pages: source.signIn,
          })),
    ),
  };
}

/** The archive of one item: `data.json` and its files. */
export async function exportItemArchive(svc: PersonalDataServices, source: PersonalDataSource, id: string) {
  const exported = await source.export(svc, id);
  if (!exported) return null;
  return buildArchive(
    { exportedAt: new Date().toISOString(), kind: source.kind, id, data: exported.json },
    exported.files,
    svc.uploads.read,
  );
}

/**
 * One item of `sources` tied to `email`, zipped, or everything of them tied to it in one zip
 * (`data.json` by kind, and every item's files); null when the item is not the address's.
 */
async function exportFrom(
  svc: PersonalDataServices,
  sources: PersonalDataSource[],
  email: string,
  which: DownloadChoice,
): Promise<Uint8Array | null> {
  if (which !== "all") {
    const source = await ownedSource(svc, sources, email, which.kind, which.id);
    return source ? exportItemArchive(svc, source, which.id) : null;
  }
  const items: Record<string, unknown[]> = {};
  const files: PersonalFile[] = [];
  for (const source of sources) {
    const exports: unknown[] = [];
    for (const item of await source.listByEmail(svc.db, email, defaultLanguage)) {
      const exported = await source.export(svc, item.id);
      if (!exported) continue;
      exports.push(exported.json);
      files.push(...exported.files);
    }
    if (exports.length) items[source.kind] = exports;
  }
  return buildArchive({ exportedAt: new Date().toISOString(), email, items }, files, svc.uploads.read);
}

/**
 * For the account's signed-in holder (features/account-data): one item tied to `email`, or
 * everything tied to it, the account included; null when the item is not the address's.
 */
export async function exportTiedTo(svc: PersonalDataServices, email: string, which: DownloadChoice) {
  return exportFrom(svc, personalDataSources(), email, which);
}

/**
 * One submission of the address a token opens, or all of them, zipped: never the account, which
 * the link does not prove; null when the link or the item is not theirs.
 */
export async function exportByPrivacyLink(
  svc: PersonalDataServices,
  token: string,
  which: DownloadChoice,
): Promise<Uint8Array | null> {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return null;
  return exportFrom(svc, submissionSources(), email, which);
}

/** Deletes one item of a source (rows and files) and logs the kind, never who. */
export async function removePersonalItem(svc: PersonalDataServices, source: SubmissionSource, id: string) {
  const gone = await source.remove(svc, id);
  if (gone) svc.logger.info({ kind: source.kind, deleted: 1 }, "personal data deleted on request");
  return gone;
}

/** `noLink`: the link does not open (unknown, expired); `notTheirs`: the item is not the address's. */
export type PrivacyRemoval = { ok: true } | { ok: false; code: "noLink" | "notTheirs" };

/**
 * Deletes one submission tied to `email`; refused (`notTheirs`) when it is not the address's,
 * and for the account, which only its own page deletes, password first.
 */
export async function removeTiedItem(
  svc: PersonalDataServices,
  email: string,
  kind: string,
  id: string,
): Promise<PrivacyRemoval> {
  const source = await ownedSource(svc, submissionSources(), email, kind, id);
  if (!source) return { ok: false, code: "notTheirs" };
  await removePersonalItem(svc, source, id);
  return { ok: true };
}

/** Deletes one submission tied to the address a token opens. */
export async function removeByPrivacyLink(
  svc: PersonalDataServices,
  token: string,
  kind: string,
  id: string,
): Promise<PrivacyRemoval> {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return { ok: false, code: "noLink" };
  return removeTiedItem(svc, email, kind, id);
}

/**
 * Deletes everything tied to an address but the account: every submission (rows and files),
 * the outbox's e-mails to or naming the address (and their copies in DATA_DIR/mail), and the
 * address's data-rights links (this one included). The account and what is its own (profile,
 * sessions, linked platforms, second factor) stay: only a sign-in proves those.
 * Answers how many items went.
 */
export async function removeEverything(svc: PersonalDataServices, email: string): Promise<number> {
  const counts: Record<string, number> = {};
  for (const source of submissionSources()) {
    for (const item of await source.listByEmail(svc.db, email, defaultLanguage)) {
      if (await source.remove(svc, item.id)) counts[source.kind] = (counts[source.kind] ?? 0) + 1;
    }
  }
  const emails = await deleteEmailsMentioning(svc.db, email);
  await removeMailFiles(svc.config, emails);
  await deletePrivacyLinks(svc.db, email);
  const items = Object.values(counts).reduce((sum, n) => sum + n, 0);
  svc.logger.info(
    { ...counts, items, emails: emails.length },
    "all personal data of an address deleted on request",
  );
  return items;
}

/** "Delete everything" from the page a token opens: everything but the account. */
export async function removeEverythingByPrivacyLink(svc: PersonalDataServices, token: string) {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return { ok: false as const, code: "notFound" as const };
  return { ok: true as const, deleted: await removeEverything(svc, email) };
}

const privacyLinkEmail = defineEmailTemplate("privacy-link", (p: { url: string; hours: number }, { t }) => ({
  subject: t("mail:privacy.subject"),
  heading: t("mail:privacy.heading"),
  paragraphs: [t("mail:privacy.body"), t("mail:privacy.expiry", { hours: p.hours })],
  action: { label: t("mail:privacy.action"), url: p.url },
  reason: t("mail:privacy.reason"),
}));

/**
 * E-mails ONE private link to the page listing everything tied to `address`, to that address
 * only; nothing when nothing is tied to it, nor once the address's requested e-mails of the
 * hour are spent (spendRequestedEmail, a budget shared with the lost status links). The page
 * answers the same in every case and does not wait for this (started, not awaited), so neither
 * the answer nor its time says whether anything exists or was sent.
 */
export async function sendPrivacyLink(
  svc: Pick<Services, "db" | "config" | "logger" | "rateLimits">,
  address: string,
  lang: Language,
): Promise<void> {
  try {
    if (!(await spendRequestedEmail(svc, address, "privacy-link"))) return;
    const groups = await tiedTo(svc.db, address, defaultLanguage, personalDataSources());
    if (!groups.length) return;
    const studio = await getStudioInfo(svc.db, lang);
    await svc.db.transaction(async (tx) => {
      const token = await createPrivacyLink(tx, address);
      const url = `${svc.config.publicUrl}${localizePath(privacyPath(token), lang)}`;
      await enqueueEmail(
        tx,
        await privacyLinkEmail.compose(
          { to: address, lang, studioName: studio.name, siteUrl: svc.config.publicUrl },
          { url, hours: 24 },
        ),
        aboutPrivacyLink(token),
      );
    });
  } catch (err) {
    svc.logger.error({ err }, "privacy link not sent");
  }
}

/** Deletes expired data-rights links (they hold an address) and their e-mails at start and then hourly. */
export function privacyLinkRetentionTask(svc: Pick<Services, "db" | "config" | "logger">): Task {
  return purgeTask({
    name: "privacy-link-retention",
    everyMs: 60 * 60_000,
    purge: () => purgeExpiredPrivacyLinks(svc),
    logMessage: "expired privacy links deleted",
    logger: svc.logger,
  });
}
