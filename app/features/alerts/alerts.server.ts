import { and, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { listTaxonomy, taxonomyTerms } from "~/features/jobs/index.server";
import { listOffices, offices } from "~/features/offices/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { deleteItemTraces } from "~/platform/privacy/item-traces.server";
import type { AlertFilterKey } from "./alert-filters";
import type { AlertCreateInput, AlertCriteria } from "./alert-form";
import { type AlertCriteriaLines, alertCreatedEmail, manageUrl } from "./emails.server";
import { jobAlerts, jobAlertTokens } from "./tables";
import { hashAlertToken, idShape, newAlertToken, sameHash, tokenShape } from "./tokens.server";

export type JobAlert = typeof jobAlerts.$inferSelect;

/** A criterion that names no office or term; `field` is the form field to mark. */
export class UnknownCriterion extends Error {
  constructor(readonly field: AlertFilterKey) {
    super(`unknown ${field}`);
  }
}

/**
 * What the outbox and the data-rights pages call a job alert: its e-mails (the confirmation, the
 * offers) are named by it and its id, and go with it (deleteAlerts).
 */
export const alertItemKind = "alert";

/** Unconfirmed alerts are deleted after this (privacy page, all three languages). */
export const UNCONFIRMED_RETENTION_DAYS = 7;

export type AlertDictionaries = Record<AlertFilterKey, Array<{ value: string; label: string }>>;

/** The form's choices in one language (GET …/form/{locale}). */
export async function alertDictionaries(db: Db, lang: Language): Promise<AlertDictionaries> {
  const [officeList, teams, levels, commitments] = await Promise.all([
    listOffices(db, lang),
    listTaxonomy(db, "team", lang),
    listTaxonomy(db, "level", lang),
    listTaxonomy(db, "commitment", lang),
  ]);
  const options = (terms: Array<{ slug: string; label: string }>) =>
    terms.map((term) => ({ value: term.slug, label: term.label }));
  return {
    location: officeList.map((office) => ({ value: office.slug, label: office.name })),
    team: options(teams),
    level: options(levels),
    commitment: options(commitments),
  };
}

/** Refuses criteria that name no office or taxonomy term (the shape was checked by Zod). */
async function checkCriteria(db: Db, criteria: Pick<AlertCriteria, AlertFilterKey>): Promise<void> {
  if (criteria.location) {
    const [row] = await db
      .select({ id: offices.id })
      .from(offices)
      .where(eq(offices.slug, criteria.location));
    if (!row) throw new UnknownCriterion("location");
  }
  for (const kind of ["team", "level", "commitment"] as const) {
    const slug = criteria[kind];
    if (!slug) continue;
    const [row] = await db
      .select({ slug: taxonomyTerms.slug })
      .from(taxonomyTerms)
      .where(and(eq(taxonomyTerms.kind, kind), eq(taxonomyTerms.slug, slug)));
    if (!row) throw new UnknownCriterion(kind);
  }
}

/** "Quebec City", "Any team"… for an e-mail's or a list's criteria lines. */
export async function describeCriteria(db: Db, alert: Pick<AlertCriteria, AlertFilterKey>, lang: Language) {
  const dictionaries = await alertDictionaries(db, lang);
  const t = await translator(lang);
  return describeWith(dictionaries, alert, (key) => t(key));
}

export function describeWith(
  dictionaries: AlertDictionaries,
  alert: Pick<AlertCriteria, AlertFilterKey>,
  t: (key: string) => string,
): AlertCriteriaLines {
  return (["location", "team", "level", "commitment"] as const).map((key) => ({
    label: t(`alerts:form.${key}`),
    value: alert[key]
      ? (dictionaries[key].find((option) => option.value === alert[key])?.label ?? alert[key]!)
      : t(`alerts:form.any.${key}`),
  }));
}

/**
 * Creates an unconfirmed alert and queues the e-mail with its management link, in one
 * transaction. The answer is the same whether the address already had alerts (no enumeration).
 * A filled honeypot is answered as a success and nothing is stored or sent.
 */
export async function createAlert(
  deps: { db: Db; config: Pick<Config, "publicUrl"> },
  input: AlertCreateInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ id: string } | null> {
  if (input.website) return null;
  const { db, config } = deps;
  await checkCriteria(db, input);
  const lang = input.language;
  const token = newAlertToken();
  const studio = await getStudioInfo(db, lang);
  const criteria = await describeCriteria(db, input, lang);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(jobAlerts)
      .values({
        email: input.email.toLowerCase(),
        name: input.name,
        location: input.location,
        team: input.team,
        level: input.level,
        commitment: input.commitment,
        language: lang,
        newsletter: input.newsletter ?? false,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: jobAlerts.id });
    const id = row!.id;
    await tx.insert(jobAlertTokens).values({ tokenHash: hashAlertToken(token), alertId: id, createdAt: now });
    const email = await alertCreatedEmail.compose(
      { to: input.email, lang, studioName: studio.name, siteUrl: config.publicUrl },
      { name: input.name, criteria, manageUrl: manageUrl(config, lang, id, token) },
    );
    await enqueueEmail(tx, email, { kind: alertItemKind, id });
    return { id };
  });
}

/**
 * The alert a management token belongs to, or null. The token is looked up by its hash (a
 * 256-bit secret's hash reveals nothing by timing) and compared again in constant time.
 * `id` must be that alert's: a wrong id and a wrong token look the same to the caller.
 */
export async function alertByToken(db: Db, id: string, token: string): Promise<JobAlert | null> {
  if (!idShape.test(id) || !tokenShape.test(token)) return null;
  const hash = hashAlertToken(token);
  const [row] = await db
    .select({ hash: jobAlertTokens.tokenHash, alert: jobAlerts })
    .from(jobAlertTokens)
    .innerJoin(jobAlerts, eq(jobAlerts.id, jobAlertTokens.alertId))
    .where(eq(jobAlertTokens.tokenHash, hash));
  if (!row || !sameHash(row.hash, hash) || row.alert.id !== id.toLowerCase()) return null;
  return row.alert;
}

/**
 * The alert `targetId` when the holder of `via`'s link may manage it: the same alert, or,
 * once `via` is confirmed, any confirmed alert of the same address ("the owner's alerts").
 */
export async function ownedAlert(db: Db, via: JobAlert, targetId: string): Promise<JobAlert | null> {
  if (!idShape.test(targetId)) return null;
  if (targetId.toLowerCase() === via.id) return via;
  if (!via.confirmedAt) return null;
  const [row] = await db
    .select()
    .from(jobAlerts)
    .where(
      and(
        eq(jobAlerts.id, targetId.toLowerCase()),
        eq(jobAlerts.email, via.email),
        isNotNull(jobAlerts.confirmedAt),
      ),
    );
  return row ?? null;
}

/** Every alert the link's holder manages, oldest first. */
export async function listOwnedAlerts(db: Db, via: JobAlert): Promise<JobAlert[]> {
  return db
    .select()
    .from(jobAlerts)
    .where(
      and(eq(jobAlerts.email, via.email), or(isNotNull(jobAlerts.confirmedAt), eq(jobAlerts.id, via.id))),
    )
    .orderBy(jobAlerts.createdAt, jobAlerts.id);
}

/** The Confirm button: from now on the alert hears of newly listed offers. Idempotent. */
export async function confirmAlert(db: Db, via: JobAlert, now = new Date()): Promise<void> {
  await db
    .update(jobAlerts)
    .set({ confirmedAt: now, listeningSince: now, updatedAt: now })
    .where(and(eq(jobAlerts.id, via.id), isNull(jobAlerts.confirmedAt)));
}

/** Stops or resumes an alert; a resumed alert hears only of offers listed after resuming. */
export async function setAlertActive(
  db: Db,
  alert: JobAlert,
  active: boolean,
  now = new Date(),
): Promise<void> {
  if (alert.active === active) return;
  await db
    .update(jobAlerts)
    .set({
      active,
      updatedAt: now,
      ...(active && alert.confirmedAt ? { listeningSince: now } : {}),
    })
    .where(eq(jobAlerts.id, alert.id));
}

export async function updateAlert(db: Db, alert: JobAlert, criteria: AlertCriteria, now = new Date()) {
  await checkCriteria(db, criteria);
  await db
    .update(jobAlerts)
    .set({
      name: criteria.name,
      location: criteria.location,
      team: criteria.team,
      level: criteria.level,
      commitment: criteria.commitment,
      language: criteria.language,
      newsletter: criteria.newsletter ?? false,
      updatedAt: now,
    })
    .where(eq(jobAlerts.id, alert.id));
}

type Deleter = { db: Db; config: Pick<Config, "dataDir"> };

/**
 * Deletes the alerts `which` selects, their tokens and delivery history (cascade) and their
 * e-mails in the outbox, in one transaction, then those e-mails' .eml copies: every deletion of
 * an alert comes here. Answers the deleted alerts' ids.
 */
async function deleteAlerts(svc: Deleter, which: SQL): Promise<string[]> {
  const { ids, emails } = await svc.db.transaction(async (tx) => {
    const rows = await tx.delete(jobAlerts).where(which).returning({ id: jobAlerts.id });
    const ids = rows.map((row) => row.id);
    return { ids, emails: await deleteItemTraces(tx, alertItemKind, ids) };
  });
  await removeMailFiles(svc.config, emails);
  return ids;
}

/** Deletes one alert (deleteAlerts); answers whether it existed. */
export async function removeAlert(svc: Deleter, id: string): Promise<boolean> {
  return (await deleteAlerts(svc, eq(jobAlerts.id, id))).length > 0;
}

/** Deletes alerts never confirmed within UNCONFIRMED_RETENTION_DAYS (deleteAlerts); returns how many. */
export async function purgeUnconfirmedAlerts(svc: Deleter, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return (await deleteAlerts(svc, and(isNull(jobAlerts.confirmedAt), lt(jobAlerts.createdAt, cutoff))!))
    .length;
}

/** What GET …/{id} shows for an id alone: no address, no name. */
export async function publicAlertView(db: Db, id: string) {
  if (!idShape.test(id)) return null;
  const [row] = await db
    .select({
      id: jobAlerts.id,
      confirmed: sql<boolean>`${jobAlerts.confirmedAt} is not null`,
      active: jobAlerts.active,
      location: jobAlerts.location,
      team: jobAlerts.team,
      level: jobAlerts.level,
      commitment: jobAlerts.commitment,
      language: jobAlerts.language,
    })
    .from(jobAlerts)
    .where(inArray(jobAlerts.id, [id.toLowerCase()]));
  return row ?? null;
}
