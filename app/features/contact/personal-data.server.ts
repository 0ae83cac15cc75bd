import { desc, eq, sql } from "drizzle-orm";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { contactItemKind, deleteContactMessages } from "./contact.server";
import { contactMessages } from "./tables";

/**
 * Contact messages as personal data (docs/requirements.md#data-rights). Deleting one deletes the
 * outbox's e-mails about it (the team's copy and the acknowledgement); the team's copy already
 * delivered to its inbox is out of reach.
 */
export const contactPersonalData = definePersonalData({
  kind: contactItemKind,
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${email})`)
      .orderBy(desc(contactMessages.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.subject, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async ids(db) {
    return (await db.select({ id: contactMessages.id }).from(contactMessages)).map((r) => r.id);
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row ? { json: row, files: [] } : null;
  },
  async remove(svc, id) {
    return (await deleteContactMessages(svc, eq(contactMessages.id, id))).length > 0;
  },
});
