import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "~/platform/db/client.server";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { type ContactCategory, contactCategorySlugs } from "./contact-categories";
import { contactMessages } from "./tables";

/**
 * A contact message after it was sent (docs/requirements.md#status-pages): `received`, then
 * `answered` once the studio marks it with `npm run contact -- answered` (features/contact/tools.server.ts).
 * Marking it e-mails nothing: the studio's answer is itself an e-mail, so a second one saying
 * "we answered" would only be noise; the status page shows it.
 */

export const contactStatuses = ["received", "answered"] as const;
export type ContactStatusName = (typeof contactStatuses)[number];

export type ContactStatus = {
  id: string;
  category: ContactCategory;
  subject: string;
  name: string;
  email: string;
  language: Language;
  status: ContactStatusName;
  answeredAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
};

const asStatus = (value: string): ContactStatusName => (value === "answered" ? "answered" : "received");
const asCategory = (value: string): ContactCategory =>
  (contactCategorySlugs as readonly string[]).includes(value) ? (value as ContactCategory) : "general";

function toStatus(row: typeof contactMessages.$inferSelect): ContactStatus {
  return {
    id: row.id,
    category: asCategory(row.category),
    subject: row.subject,
    name: row.name,
    email: row.email,
    language: isLanguage(row.language) ? row.language : "en",
    status: asStatus(row.status),
    answeredAt: row.answeredAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

export async function contactStatus(db: Db, id: string): Promise<ContactStatus | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row ? toStatus(row) : null;
}

export type ContactRefusal = "notFound" | "alreadyAnswered";
export type ContactChange = { ok: true; status: ContactStatus } | { ok: false; code: ContactRefusal };

/**
 * The studio marks a message answered: one conditional update, so two marks crossing each other
 * cannot both win (the second is told it was already answered).
 */
export async function markAnswered(db: Db, id: string, now = new Date()): Promise<ContactChange> {
  const [row] = await db
    .update(contactMessages)
    .set({ status: "answered", answeredAt: now })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, "received")))
    .returning();
  if (row) return { ok: true, status: toStatus(row) };
  const current = await contactStatus(db, id);
  return { ok: false, code: current ? "alreadyAnswered" : "notFound" };
}

export type ContactListItem = {
  id: string;
  category: ContactCategory;
  subject: string;
  name: string;
  email: string;
  status: ContactStatusName;
  answeredAt: string | null;
  createdAt: string;
};

/** The studio's list (newest first), optionally of one status. */
export async function listContactMessages(
  db: Db,
  filter: { status?: ContactStatusName },
): Promise<ContactListItem[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(filter.status ? eq(contactMessages.status, filter.status) : undefined)
    .orderBy(desc(contactMessages.createdAt));
  return rows.map((row) => {
    const s = toStatus(row);
    return {
      id: s.id,
      category: s.category,
      subject: s.subject,
      name: s.name,
      email: s.email,
      status: s.status,
      answeredAt: s.answeredAt?.toISOString() ?? null,
      createdAt: s.createdAt.toISOString(),
    };
  });
}

/** The messages sent from an address (a lost status link is sent again to it). */
export async function contactMessagesOf(db: Db | Tx, email: string) {
  return (
    db
      .select({
        id: contactMessages.id,
        category: contactMessages.category,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${email})`)
      .orderBy(desc(contactMessages.createdAt))
      // Held until the caller\'s transaction ends: a deletion waits, then takes the links made
      // to them (status_links has no foreign key to do it).
      .for("key share")
  );
}
