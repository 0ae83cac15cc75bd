import { asc, desc, eq, sql } from "drizzle-orm";
import { definePersonalData, ownedFilesExport, removeItemWithFiles } from "~/platform/privacy/personal-data";
import { issueOwner, issueReportItemKind } from "./issue-report.server";
import { issueReportStages, issueReports } from "./tables";

/**
 * Issue reports as personal data (docs/requirements.md#data-rights), with their attachments
 * (rows and files in the upload store). Support's inbox copy is out of reach.
 */
export const issueReportPersonalData = definePersonalData({
  kind: issueReportItemKind,
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(issueReports)
      .where(sql`lower(${issueReports.email}) = lower(${email})`)
      .orderBy(desc(issueReports.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.summary, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async ids(db) {
    return (await db.select({ id: issueReports.id }).from(issueReports)).map((r) => r.id);
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(issueReports).where(eq(issueReports.id, id));
    if (!row) return null;
    const statusHistory = await svc.db
      .select({ status: issueReportStages.status, at: issueReportStages.at })
      .from(issueReportStages)
      .where(eq(issueReportStages.reportId, id))
      .orderBy(asc(issueReportStages.at));
    const { listed, files } = await ownedFilesExport(svc, issueOwner(id));
    return { json: { ...row, statusHistory, attachments: listed }, files };
  },
  remove: (svc, id) =>
    removeItemWithFiles(svc, {
      kind: issueReportItemKind,
      id,
      owner: issueOwner(id),
      deleteRow: async (tx) =>
        (await tx.delete(issueReports).where(eq(issueReports.id, id)).returning()).length > 0,
    }),
});
