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
import type {
  PersonalDataServices,
  PersonalDataSource,
  PersonalFile,
  PersonalItem,
} from "~/platform/privacy/personal-data";
import type { Services } from "~/platform/services.server";
import { purgeTask, type Task } from "~/platform/tasks/task";
import { personalDataSources } from "./personal-data-list.server";

/**
 * Data rights, self-service (docs/requirements.md#data-rights): everything tied to an address,
 * listed, downloaded and deleted through the sources of personal-data-list.server.ts. Deletions
 * are logged by kind and count, never with the address.
 */

export type PersonalGroup = { kind: string; items: PersonalItem[] };

async function tiedTo(
  db: PersonalDataServices["db"],
  email: string,
  lang: Language = defaultLanguage,
): Promise<PersonalGroup[]> {
  const groups = await Promise.all(
    personalDataSources().map(async (source) => ({
      kind: source.kind,
      items: await source.listByEmail(db, email, lang),
    })),
  );
  return groups.filter((group) => group.items.length > 0);
}

const sourceOf = (kind: string): PersonalDataSource | undefined =>
  personalDataSources().find((source) => source.kind === kind);

/** The source of `kind` when the item `id` of that kind is tied to `email`; otherwise null. */
async function ownedSource(svc: Pick<PersonalDataServices, "db">, email: string, kind: string, id: string) {
  const source = sourceOf(kind);
  if (!source) return null;
  const items = await source.listByEmail(svc.db, email, defaultLanguage);
  return items.some((item) => item.id === id) ? source : null;
}

const day = (date: Date, lang: Language) => formatDate(date.toISOString(), lang);

/** Everything tied to `email`, grouped by kind, dates in `lang`: what the data-rights pages list. */
export async function listTiedTo(svc: Pick<Services, "db">, email: string, lang: Language) {
  const groups = await tiedTo(svc.db, email, lang);
  return groups.map((group) => ({
    kind: group.kind,
    items: group.items.map((item) => ({
      id: item.id,
      label: item.label,
      createdOn: day(item.createdAt, lang),
      deleteOn: item.deleteOn ? day(item.deleteOn, lang) : null,
    })),
  }));
}

/** Whether the item `id` of `kind` is tied to `email` (the only items a holder of it may act on). */
export async function isTiedTo(db: PersonalDataServices["db"], email: string, kind: string, id: string) {
  return (await ownedSource({ db }, email, kind, id)) !== null;
}

/** The private page of a link: the address's items grouped by kind, dates in `lang`; null when the link does not open. */
export async function loadPrivacyRequestPage(svc: Pick<Services, "db">, token: string, lang: Language) {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return null;
  return { email, groups: await listTiedTo(svc, email, lang) };
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
 * One item tied to `email`, zipped, or everything tied to it in one zip (`data.json` by kind,
 * and every item's files); null when the item is not the address's.
 */
export async function exportTiedTo(
  svc: PersonalDataServices,
  email: string,
  which: DownloadChoice,
): Promise<Uint8Array | null> {
  if (which !== "all") {
    const source = await ownedSource(svc, email, which.kind, which.id);
    return source ? exportItemArchive(svc, source, which.id) : null;
  }
  const items: Record<string, unknown[]> = {};
  const files: PersonalFile[] = [];
  for (const source of personalDataSources()) {
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

/** One item of the address a token opens, zipped; null when the link or the item is not theirs. */
export async function exportByPrivacyLink(
  svc: PersonalDataServices,
  token: string,
  which: DownloadChoice,
): Promise<Uint8Array | null> {
  const email = await findPrivacyLink(svc.db, token);
  if (email === null) return null;
  return exportTiedTo(svc, email, which);
}

/** Deletes one item of a source (rows and files) and logs the kind, never who. */
export async function removePersonalItem(svc: PersonalDataServices, source: PersonalDataSource, id: string) {
  const gone = await source.remove(svc, id);
  if (gone) svc.logger.info({ kind: source.kind, deleted: 1 }, "personal data deleted on request");
  return gone;
}

/** `noLink`: the link does not open (unknown, expired); `notTheirs`: the item is not the address's. */
export type PrivacyRemoval = { ok: true } | { ok: false; code: "noLink" | "notTheirs" };

/** Deletes one item tied to `email`; refused (`notTheirs`) when it is not the address's. */
export async function removeTiedItem(
  svc: PersonalDataServices,
  email: string,
  kind: string,
  id: string,
): Promise<PrivacyRemoval> {
  const source = await ownedSource(svc, email, kind, id);
  if (!source) return { ok: false, code: "notTheirs" };
  await removePersonalItem(svc, source, id);
  return { ok: true };
}

/** Deletes one item tied to the address a token opens. */
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
 * Deletes everything tied to an address: every source's items (rows and files), the outbox's
 * e-mails to or naming the address (and their copies in DATA_DIR/mail), and the address's
 * data-rights links (this one included).
 * Answers how many items went.
 */
export async function removeEverything(svc: PersonalDataServices, email: string): Promise<number> {
  const counts: Record<string, number> = {};
  for (const source of personalDataSources()) {
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

/** "Delete everything" from the page a token opens. */
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
    const groups = await tiedTo(svc.db, address);
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
