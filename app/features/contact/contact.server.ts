import { lt, type SQL } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { defaultLanguage, type Language, localizePath } from "~/platform/i18n/languages";
import { enqueueEmail } from "~/platform/mail/outbox.server";
import { defineEmailTemplate } from "~/platform/mail/templates.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { deleteItemTraces } from "~/platform/privacy/item-traces.server";
import { createStatusLink, statusPath } from "~/platform/status/links.server";
import { addMonths } from "~/platform/time/months";
import { purgeUsedCaptchaTokens } from "./captcha.server";
import { type ContactCategory, categoryAddress } from "./contact-categories";
import type { ContactInput } from "./contact-form";
import { contactMessages, feedbacks } from "./tables";

/**
 * What the outbox, the status links and the data-rights pages call a contact message: its
 * e-mails (the team's copy and the acknowledgement) and links are named by it and its id, and go
 * with it (`deleteItemTraces`).
 */
export const contactItemKind = "contact";

/** The team's copy: everything the visitor wrote, so the team can answer with Reply-To. */
const contactForTeam = defineEmailTemplate(
  "contact-message",
  (
    p: { category: string; name: string; email: string; subject: string; message: string; language: string },
    { t },
  ) => ({
    subject: t("mail:contact.team.subject", { category: p.category, subject: p.subject }),
    heading: p.subject,
    preview: t("mail:contact.team.preview", { name: p.name }),
    details: [
      { label: t("mail:contact.team.category"), value: p.category },
      { label: t("mail:contact.team.from"), value: `${p.name} <${p.email}>` },
      { label: t("mail:contact.team.language"), value: p.language },
    ],
    paragraphs: p.message.split(/\n\s*\n/).filter((part) => part.trim()),
    closing: t("mail:contact.team.replyHint"),
    reason: t("mail:contact.team.reason"),
  }),
);

/**
 * The visitor's acknowledgement: a fixed text that never repeats what they typed, so the form
 * cannot be used to send chosen words to someone else's address. It carries the private link to
 * the message's status page.
 */
const contactAcknowledgement = defineEmailTemplate(
  "contact-acknowledgement",
  (p: { months: number; statusUrl: string }, { t }) => ({
    subject: t("mail:contact.ack.subject"),
    heading: t("mail:contact.ack.heading"),
    paragraphs: [
      t("mail:contact.ack.received"),
      t("mail:contact.ack.status"),
      t("mail:contact.ack.retention", { months: p.months }),
    ],
    action: { label: t("mail:contact.ack.action"), url: p.statusUrl },
    reason: t("mail:contact.ack.reason"),
  }),
);

/**
 * Stores a contact message and queues the team's e-mail and the acknowledgement in one
 * transaction: either all three exist or none.
 */
export async function sendContactMessage(
  deps: { db: Db; config: Pick<Config, "publicUrl" | "CONTACT_RETENTION_MONTHS"> },
  input: Omit<ContactInput, "consent" | "website" | "captchaToken">,
  { lang, now = new Date() }: { lang: Language; now?: Date },
): Promise<{ id: string }> {
  const { db, config } = deps;
  const studio = await getStudioInfo(db, lang);
  const to = categoryAddress(input.category, studio.email);
  const site = { studioName: studio.name, siteUrl: config.publicUrl };
  // The team reads in the studio's working language; the visitor's language is a detail.
  const teamEmail = await contactForTeam.compose(
    { to, lang: defaultLanguage, ...site },
    { ...input, category: input.category, language: lang },
    { "Reply-To": input.email },
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        category: input.category satisfies ContactCategory,
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        language: lang,
        createdAt: now,
        expiresAt: addMonths(now, config.CONTACT_RETENTION_MONTHS),
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    const token = await createStatusLink(tx, contactItemKind, id);
    const about = { kind: contactItemKind, id };
    await enqueueEmail(tx, teamEmail, about);
    await enqueueEmail(
      tx,
      await contactAcknowledgement.compose(
        { to: input.email, lang, ...site },
        {
          months: config.CONTACT_RETENTION_MONTHS,
          statusUrl: `${config.publicUrl}${localizePath(statusPath(token), lang)}`,
        },
      ),
      about,
    );
    return { id };
  });
}

/** Short page feedback (POST /api/feedbacks): no contact details, kept as long as messages. */
export async function saveFeedback(
  deps: { db: Db; config: Pick<Config, "CONTACT_RETENTION_MONTHS"> },
  input: { page: string; rating: number; message?: string | undefined },
  { lang, now = new Date() }: { lang: Language; now?: Date },
): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(feedbacks)
    .values({
      page: input.page,
      rating: input.rating,
      message: input.message ?? null,
      language: lang,
      createdAt: now,
      expiresAt: addMonths(now, deps.config.CONTACT_RETENTION_MONTHS),
    })
    .returning({ id: feedbacks.id });
  return { id: row!.id };
}

/**
 * Deletes the messages `which` selects with their e-mails in the outbox (the team's copy and the
 * acknowledgement: rows, then their .eml copies once committed); answers their ids.
 */
export async function deleteContactMessages(
  svc: { db: Db; config: Pick<Config, "dataDir"> },
  which: SQL,
): Promise<string[]> {
  const { ids, emails } = await svc.db.transaction(async (tx) => {
    const rows = await tx.delete(contactMessages).where(which).returning({ id: contactMessages.id });
    const ids = rows.map((row) => row.id);
    return { ids, emails: await deleteItemTraces(tx, contactItemKind, ids) };
  });
  await removeMailFiles(svc.config, emails);
  return ids;
}

/** Deletes messages (with their e-mails) and feedback past their retention date and forgotten captcha tokens. */
export async function purgeExpiredContactData(
  svc: { db: Db; config: Pick<Config, "dataDir"> },
  now = new Date(),
) {
  const messages = await deleteContactMessages(svc, lt(contactMessages.expiresAt, now));
  const feedback = await svc.db
    .delete(feedbacks)
    .where(lt(feedbacks.expiresAt, now))
    .returning({ id: feedbacks.id });
  const tokens = await purgeUsedCaptchaTokens(svc.db, now);
  return { messages: messages.length, feedbacks: feedback.length, captchaTokens: tokens };
}
