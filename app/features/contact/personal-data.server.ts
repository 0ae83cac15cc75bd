import { desc, eq, sql } from "drizzle-orm";
import { contactMessages } from "~/platform/db/schema/contact";
import { deleteEmailsMentioning } from "~/platform/mail/outbox.server";
import { removeMailFiles } from "~/platform/mail/transport.server";
import { definePersonalData } from "~/platform/privacy/personal-data";

/**
 * Contact messages as personal data (docs/requirements.md#data-rights). The team's copy already
 * delivered to its inbox is out of reach; one still in the outbox goes when the person deletes
 * everything (it names their address).
 */
export const contactPersonalData = definePersonalData({
  kind: "contact",
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = lower(${email})`)
      .orderBy(desc(contactMessages.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.subject, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return row ? { json: row, files: [] } : null;
  },
  async remove(svc, id) {
    const { existed, emails } = await svc.db.transaction(async (tx) => {
      const rows = await tx
        .delete(contactMessages)
        .where(eq(contactMessages.id, id))
        .returning({ id: contactMessages.id });
      return { existed: rows.length > 0, emails: rows.length ? await deleteEmailsMentioning(tx, id) : [] };
    });
    await removeMailFiles(svc.config, emails);
    return existed;
  },
});
