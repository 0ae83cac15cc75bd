import { and, asc, desc, eq, sql } from "drizzle-orm";
import { patchNotesPath } from "~/features/patches";
import { supportPatches } from "~/features/patches/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db, Tx } from "~/platform/db/client.server";
import { defaultLanguage, isLanguage, type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import type { Services } from "~/platform/services.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { storeFormFiles } from "~/platform/uploads/form-files.server";
import { issueOwner, issueReportItemKind, reportReference } from "./issue-report.server";
import { issueReportStages, issueReports } from "./tables";

/**
 * An issue report after it was sent (docs/requirements.md#status-pages): received, confirmed,
 * needs more information, fixed in a named patch, or won't fix; the last two are final. The
 * studio moves it with `npm run support:issues` (tools.server.ts); each change e-mails the
 * reporter, in their language, with a fresh link to the status page. While the studio needs
 * information, the reporter adds a comment (and one file) from that page: it goes to the support
 * address, and the report is back to `received` for the studio to read again. Every change is one
 * conditional update on the status it started from, so two changes that cross cannot both win.
 */

export const issueStatuses = ["received", "confirmed", "needsInfo", "fixed", "wontFix"] as const;
export type IssueStatusName = (typeof issueStatuses)[number];
/** Where the studio's `status` command may move a report (`fixed` goes through `link-patch`). */
export const studioMoves = ["confirmed", "needsInfo", "wontFix"] as const;
export type StudioMove = (typeof studioMoves)[number];
const finalStatuses: readonly IssueStatusName[] = ["fixed", "wontFix"];
export const isFinal = (status: IssueStatusName) => finalStatuses.includes(status);

const asStatus = (value: string): IssueStatusName =>
  (issueStatuses as readonly string[]).includes(value) ? (value as IssueStatusName) : "received";

export type IssuePatch = { key: string; game: string; version: string; title: string };

export type IssueStatus = {
  id: string;
  reference: string;
  game: string;
  gameName: string;
  platform: string;
  category: string;
  summary: string;
  email: string;
  language: Language;
  status: IssueStatusName;
  statusChangedAt: Date;
  note: string | null;
  patch: IssuePatch | null;
  infoAddedAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
  history: Array<{ status: IssueStatusName; at: Date }>;
};

export async function issueStatus(
  db: Db,
  id: string,
  lang: Language = defaultLanguage,
): Promise<IssueStatus | null> {
  const [row] = await db.select().from(issueReports).where(eq(issueReports.id, id));
  if (!row) return null;
  const language = isLanguage(row.language) ? row.language : defaultLanguage;
  const [stages, studio, patchRows] = await Promise.all([
    db
      .select({ status: issueReportStages.status, at: issueReportStages.at })
      .from(issueReportStages)
      .where(eq(issueReportStages.reportId, id))
      .orderBy(asc(issueReportStages.at)),
    getStudioInfo(db, lang),
    row.patchKey ? db.select().from(supportPatches).where(eq(supportPatches.key, row.patchKey)) : [],
  ]);
  const history = stages.map((s) => ({ status: asStatus(s.status), at: s.at }));
  // Reports sent before statuses were recorded start with their sending.
  if (history[0]?.status !== "received") history.unshift({ status: "received", at: row.createdAt });
  const patch = patchRows[0];
  return {
    id: row.id,
    reference: reportReference(row.id),
    game: row.game,
    gameName: studio.games.find((g) => g.slug === row.game)?.name ?? row.game,
    platform: row.platform,
    category: row.category,
    summary: row.summary,
    email: row.email,
    language,
    status: asStatus(row.status),
    statusChangedAt: row.statusChangedAt,
    note: row.note,
    patch: patch
      ? { key: patch.key, game: patch.game, version: patch.version, title: patch.title[lang] }
      : null,
    infoAddedAt: row.infoAddedAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    history,
  };
}

/** Why a change was not made; each is an issues catalog key under "status.refused." too. */
export type IssueRefusal =
  | "notFound"
  | "closed"
  | "unchanged"
  | "unknownPatch"
  | "otherGame"
  | "notNeedingInfo"
  | "moved";

export type IssueChange = { ok: true; status: IssueStatus } | { ok: false; code: IssueRefusal };

const statusChanged = defineEmailTemplate(
  "issue-report-status",
  (
    p: {
      reference: string;
      game: string;
      status: Exclude<IssueStatusName, "received">;
      note: string | null;
      patch: { version: string; url: string } | null;
      statusUrl: string;
    },
    { t },
  ) => ({
    subject: t(`mail:support-report.status.${p.status}.subject`, { reference: p.reference, game: p.game }),
    heading: t(`mail:support-report.status.${p.status}.heading`),
    paragraphs: [
      t(`mail:support-report.status.${p.status}.body`, {
        reference: p.reference,
        game: p.game,
        version: p.patch?.version ?? "",
      }),
      ...(p.note ? [t("mail:support-report.status.note", { note: p.note })] : []),
      ...(p.patch ? [t("mail:support-report.status.patchNotes", { url: p.patch.url })] : []),
    ],
    action: { label: t("mail:support-report.status.action"), url: p.statusUrl },
    reason: t("mail:support-report.status.reason"),
  }),
);

const infoForSupport = defineEmailTemplate(
  "issue-report-info",
  (
    p: { reference: string; id: string; game: string; summary: string; comment: string; files: string[] },
    { t },
  ) => ({
    subject: t("support-report:status.support.subject", { reference: p.reference, summary: p.summary }),
    heading: t("support-report:status.support.heading", { reference: p.reference }),
    details: [
      { label: t("support-report:form.game"), value: p.game },
      { label: t("support-report:form.summary"), value: p.summary },
      { label: t("mail:support-report.support.files"), value: p.files.join(", ") || "—" },
      { label: t("mail:support-report.support.reference"), value: p.id },
    ],
    paragraphs: p.comment.split(/\n\s*\n/).filter((part) => part.trim()),
    reason: t("mail:support-report.support.reason"),
  }),
);

type Mover = Pick<Services, "db" | "config">;

/** A fresh private link for an e-mail about the report, in its language. */
async function statusUrl(svc: Mover, tx: Tx, id: string, lang: Language) {
  const token = await createStatusLink(tx, issueReportItemKind, id);
  return `${svc.config.publicUrl}${localizePath(statusPath(token), lang)}`;
}

/**
 * Sets the status in one conditional update (the report must still be `from`) and records it.
 * Returns false when another change came first.
 */
async function setStatus(
  tx: Tx,
  id: string,
  from: IssueStatusName,
  values: { status: IssueStatusName; note?: string | null; patchKey?: string | null; infoAddedAt?: Date },
  now: Date,
  record = true,
) {
  const [row] = await tx
    .update(issueReports)
    .set({ ...values, statusChangedAt: now })
    .where(and(eq(issueReports.id, id), eq(issueReports.status, from)))
    .returning({ id: issueReports.id });
  if (!row) return false;
  if (record) await tx.insert(issueReportStages).values({ reportId: id, status: values.status, at: now });
  return true;
}

/** Moves the report and e-mails the reporter, in one transaction; the shared part of both tools. */
async function changeStatus(
  svc: Mover,
  current: IssueStatus,
  to: Exclude<IssueStatusName, "received">,
  extra: { note: string | null; patch: IssuePatch | null },
  now: Date,
): Promise<IssueChange> {
  const lang = current.language;
  const studio = await getStudioInfo(svc.db, lang);
  const patchUrl = extra.patch
    ? `${svc.config.publicUrl}${patchNotesPath(extra.patch.game, extra.patch.version, lang)}`
    : null;
  const moved = await svc.db.transaction(async (tx) => {
    const ok = await setStatus(
      tx,
      current.id,
      current.status,
      { status: to, note: extra.note, patchKey: extra.patch?.key ?? null },
      now,
    );
    if (!ok) return false;
    await enqueueEmail(
      tx,
      await statusChanged.compose(
        { to: current.email, lang, studioName: studio.name, siteUrl: svc.config.publicUrl },
        {
          reference: current.reference,
          game: studio.games.find((g) => g.slug === current.game)?.name ?? current.game,
          status: to,
          note: extra.note,
          patch: extra.patch && patchUrl ? { version: extra.patch.version, url: patchUrl } : null,
          statusUrl: await statusUrl(svc, tx, current.id, lang),
        },
      ),
      { kind: issueReportItemKind, id: current.id },
    );
    return true;
  });
  if (!moved) return { ok: false, code: "moved" };
  const status = await issueStatus(svc.db, current.id);
  return status ? { ok: true, status } : { ok: false, code: "notFound" };
}

/**
 * The studio confirms a report, asks for information (`note` says what), or will not fix it.
 * Fixed and won't-fix reports cannot be moved again.
 */
export async function moveIssue(
  svc: Mover,
  input: { id: string; to: StudioMove; note?: string | undefined },
  now = new Date(),
): Promise<IssueChange> {
  const current = await issueStatus(svc.db, input.id);
  if (!current) return { ok: false, code: "notFound" };
  if (isFinal(current.status)) return { ok: false, code: "closed" };
  if (current.status === input.to) return { ok: false, code: "unchanged" };
  return changeStatus(svc, current, input.to, { note: input.note?.trim() || null, patch: null }, now);
}

/** The studio names the patch that fixed a report (`<game>/<version>` of that report's game). */
export async function linkPatch(
  svc: Mover,
  input: { id: string; patch: string },
  now = new Date(),
): Promise<IssueChange> {
  const current = await issueStatus(svc.db, input.id);
  if (!current) return { ok: false, code: "notFound" };
  if (isFinal(current.status)) return { ok: false, code: "closed" };
  const [patch] = await svc.db.select().from(supportPatches).where(eq(supportPatches.key, input.patch));
  if (!patch) return { ok: false, code: "unknownPatch" };
  if (patch.game !== current.game) return { ok: false, code: "otherGame" };
  const named = { key: patch.key, game: patch.game, version: patch.version, title: patch.title.en };
  return changeStatus(svc, current, "fixed", { note: null, patch: named }, now);
}

/**
 * The reporter adds what the studio asked for, from the status page: the comment (and its file)
 * goes to the support address, and the report is back to `received` for the studio to read.
 * Only a report that needs information takes a comment.
 */
export async function addIssueInfo(
  svc: Pick<Services, "db" | "config" | "uploads">,
  input: { id: string; comment: string; attachments: ReadonlyArray<File | string> },
  now = new Date(),
): Promise<IssueChange> {
  const current = await issueStatus(svc.db, input.id);
  if (!current) return { ok: false, code: "notFound" };
  if (current.status !== "needsInfo") return { ok: false, code: "notNeedingInfo" };
  const uploadIds = await storeFormFiles(svc, input.attachments);
  const studio = await getStudioInfo(svc.db, defaultLanguage);
  const added = await svc.db.transaction(async (tx) => {
    const ok = await setStatus(
      tx,
      current.id,
      "needsInfo",
      { status: "received", note: null, infoAddedAt: now },
      now,
    );
    if (!ok) return false;
    const attached = await svc.uploads.attach(tx, uploadIds, issueOwner(current.id));
    const mail = await infoForSupport.compose(
      {
        to: studio.email.support,
        lang: defaultLanguage,
        studioName: studio.name,
        siteUrl: svc.config.publicUrl,
      },
      {
        reference: current.reference,
        id: current.id,
        game: current.gameName,
        summary: current.summary,
        comment: input.comment,
        files: attached.map((file) => file.name),
      },
      { "Reply-To": current.email },
    );
    await enqueueEmail(
      tx,
      {
        ...mail,
        attachments: attached.map((file) => ({
          filename: file.name,
          file: file.file,
          contentType: file.type,
        })),
      },
      { kind: issueReportItemKind, id: current.id },
    );
    return true;
  });
  if (!added) return { ok: false, code: "notNeedingInfo" };
  const status = await issueStatus(svc.db, current.id);
  return status ? { ok: true, status } : { ok: false, code: "notFound" };
}

export type IssueListItem = {
  id: string;
  reference: string;
  game: string;
  platform: string;
  summary: string;
  email: string;
  status: IssueStatusName;
  statusChangedAt: string;
  patch: string | null;
  infoAddedAt: string | null;
  createdAt: string;
};

/** The studio's list (newest first), optionally of one status or one game. */
export async function listIssueReports(
  db: Db,
  filter: { status?: IssueStatusName | undefined; game?: string | undefined },
): Promise<IssueListItem[]> {
  const rows = await db
    .select()
    .from(issueReports)
    .where(
      and(
        filter.status ? eq(issueReports.status, filter.status) : undefined,
        filter.game ? eq(issueReports.game, filter.game) : undefined,
      ),
    )
    .orderBy(desc(issueReports.createdAt));
  return rows.map((r) => ({
    id: r.id,
    reference: reportReference(r.id),
    game: r.game,
    platform: r.platform,
    summary: r.summary,
    email: r.email,
    status: asStatus(r.status),
    statusChangedAt: r.statusChangedAt.toISOString(),
    patch: r.patchKey,
    infoAddedAt: r.infoAddedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The reports sent from an address (a lost status link is sent again to it). */
export async function issueReportsOf(db: Db | Tx, email: string) {
  const rows = await db
    .select({ id: issueReports.id, game: issueReports.game })
    .from(issueReports)
    .where(sql`lower(${issueReports.email}) = lower(${email})`)
    .orderBy(desc(issueReports.createdAt))
    // Held until the caller\'s transaction ends: a deletion waits, then takes the links made
    // to them (status_links has no foreign key to do it).
    .for("key share");
  return rows.map((row) => ({ ...row, reference: reportReference(row.id) }));
}
