import { exportItemArchive, removePersonalItem } from "~/features/privacy-requests/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db } from "~/platform/db/client.server";
import { parseForm } from "~/platform/forms/parse-form.server";
import { defaultLanguage, type Language, localizePath } from "~/platform/i18n/languages";
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
import type {
  StatusActionResult,
  StatusPageOf,
  StatusServices,
  StatusSource,
} from "~/platform/status/source.server";
import { type StatusKind, statusSources } from "./status-sources.server";

/**
 * Status pages by private link (docs/requirements.md#status-pages): what a token opens, what
 * the visitor may do there, and the links sent again to an address. Each kind of submission is
 * a source of its feature's (status-sources.server.ts lists them): its page, its summary, its
 * actions, its personal data; this module finds a link's source and hands over to it.
 */

/** Whether items of a kind (a personal-data kind, as the data-rights pages name it) have a status page. */
export function hasStatusPage(kind: string): kind is StatusKind {
  return Object.hasOwn(statusSources, kind);
}

const sourceOf = (kind: StatusKind): StatusSource => statusSources[kind] as StatusSource;

/** The item a token opens, when it is of a kind with a status page. */
async function findStatusTarget(db: Db, token: string) {
  const target = await findStatusLink(db, token);
  return target && hasStatusPage(target.kind) ? { kind: target.kind, itemId: target.itemId } : null;
}

/**
 * What a token opens, in the visitor's language: its kind and its source's page, or null (the
 * link does not open: `statusLinkGone` tells an expired one). Opening it keeps the link alive.
 */
export async function loadStatusPage(
  svc: Pick<Services, "db">,
  token: string,
  lang: Language,
  now = new Date(),
): Promise<StatusPage | null> {
  const target = await openStatusLink(svc.db, token, now);
  if (!target || !hasStatusPage(target.kind)) return null;
  const page = await sourceOf(target.kind).page(svc.db, target.itemId, lang);
  return page && ({ kind: target.kind, ...page } as StatusPage);
}

type DataOf<K extends StatusKind> = (typeof statusSources)[K] extends StatusSource<infer Data> ? Data : never;

/** A status page: its kind, and the page its source shaped, typed by kind. */
export type StatusPage = { [K in StatusKind]: { kind: K } & StatusPageOf<DataOf<K>> }[StatusKind];

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
  const source = sourceOf(kind);
  const page = await source.page(svc.db, id, lang);
  if (!page) return null;
  return (await translator(lang))(source.summaryKey(page.data));
}

/**
 * What the visitor asked for on the page (`intent`, with the post's fields): the source's action
 * run on the link's item. `unknownIntent` when no kind has such an action; `notFound` when the
 * link opens nothing, or its kind has no such action; `invalid` with the messages when a
 * button's post fails its schema (a form gets its errors back in `result`).
 */
export async function actOnStatusLink(
  svc: StatusServices,
  token: string,
  intent: string,
  form: FormData,
): Promise<StatusActionResult | { unknownIntent: true } | { invalid: string[] }> {
  const known = Object.values(statusSources).some((source) => Object.hasOwn(source.actions ?? {}, intent));
  if (!known) return { unknownIntent: true };
  const target = await findStatusTarget(svc.db, token);
  const actions = target ? sourceOf(target.kind).actions : undefined;
  if (!target || !actions || !Object.hasOwn(actions, intent)) return { notFound: true };
  const action = actions[intent]!;
  const parsed = await parseForm(form, action.schema);
  if (parsed.status === "error") {
    if (action.form) return { result: parsed.result };
    return {
      invalid: Object.entries(parsed.errors).flatMap(([field, messages]) =>
        messages.map((message) => (field ? `${field}: ${message}` : message)),
      ),
    };
  }
  return action.run(svc, target.itemId, parsed.value, parsed.reply);
}

/**
 * "Download my data": the submission's archive (data.json and its files) and its file name,
 * which says what it holds (as the data-rights page names it); null when the link does not open.
 */
export async function exportByStatusLink(svc: PersonalDataServices, token: string) {
  const target = await findStatusTarget(svc.db, token);
  if (!target) return null;
  const source = sourceOf(target.kind).personalData;
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
  await removePersonalItem(svc, sourceOf(target.kind).personalData, target.itemId);
  return { ok: true, kind: target.kind };
}

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
  // The lines the e-mail would give them are not used here: any language will do.
  const text = { t: await translator(defaultLanguage), lang: defaultLanguage };
  return svc.db.transaction(async (tx) => {
    const items = await sourceOf(kind).sentFrom(tx, email, text);
    return items.some((item) => item.id === id) ? createStatusLink(tx, kind, id) : null;
  });
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
    await svc.db.transaction(async (tx) => {
      const items: Array<{ label: string; url: string }> = [];
      // Each source reads its items in this transaction, held until it ends: one deleted
      // meanwhile waits, then takes its new links with it.
      for (const [kind, source] of Object.entries(statusSources) as Array<[StatusKind, StatusSource]>) {
        const sent = await source.sentFrom(tx, address, { t, lang });
        await revokeStatusLinks(
          tx,
          kind,
          sent.map((item) => item.id),
        );
        for (const item of sent)
          items.push({ label: item.label, url: url(await createStatusLink(tx, kind, item.id)) });
      }
      if (!items.length) return;
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
