import { desc, eq, sql } from "drizzle-orm";
import { issueReports } from "~/platform/db/schema/contact";
import { deleteEmailsMentioning } from "~/platform/mail/outbox.server";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { issueOwner } from "./issue-report.server";

/**
 * Issue reports as personal data (docs/requirements.md#data-rights), with their attachments
 * (rows and files in the upload store). Support's inbox copy is out of reach.
 */
export const issueReportPersonalData = definePersonalData({
  kind: "issueReport",
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(issueReports)
      .where(sql`lower(${issueReports.email}) = lower(${email})`)
      .orderBy(desc(issueReports.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.summary, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(issueReports).where(eq(issueReports.id, id));
    if (!row) return null;
    const files = await svc.uploads.owned(issueOwner(id));
    return {
      json: {
        ...row,
        attachments: files.map((f) => ({
          name: f.name,
          type: f.type,
          size: f.size,
          file: `files/${f.id}-${f.name}`,
        })),
      },
      files: files.map((f) => ({ name: `${f.id}-${f.name}`, path: f.path })),
    };
  },
  async remove(svc, id) {
    const gone = await svc.db.transaction(async (tx) => {
      const rows = await tx
        .delete(issueReports)
        .where(eq(issueReports.id, id))
        .returning({ id: issueReports.id });
      if (rows.length) await deleteEmailsMentioning(tx, id);
      return rows.length > 0;
    });
    await svc.uploads.removeOwned([issueOwner(id)]);
    return gone;
  },
});
