import { asc, desc, eq, sql } from "drizzle-orm";
import { definePersonalData, ownedFilesExport, removeItemWithFiles } from "~/platform/privacy/personal-data";
import { applicationOwner } from "./application.server";
import { applicationItemKind } from "./application-status.server";
import { jobApplicationStages, jobApplications } from "./tables";

/**
 * Job applications as personal data (docs/requirements.md#data-rights): the application, its
 * stage history and its résumé. Deleting it deletes its stages and status links (cascade), the
 * résumé (row and file) and the outbox's e-mails about it; recruiting's inbox is out of reach.
 */
export const applicationPersonalData = definePersonalData({
  kind: applicationItemKind,
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(jobApplications)
      .where(sql`lower(${jobApplications.email}) = lower(${email})`)
      .orderBy(desc(jobApplications.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.jobTitle, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async ids(db) {
    return (await db.select({ id: jobApplications.id }).from(jobApplications)).map((r) => r.id);
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    if (!row) return null;
    const stages = await svc.db
      .select({ stage: jobApplicationStages.stage, at: jobApplicationStages.at })
      .from(jobApplicationStages)
      .where(eq(jobApplicationStages.applicationId, id))
      .orderBy(asc(jobApplicationStages.at));
    const { listed, files } = await ownedFilesExport(svc, applicationOwner(id));
    return { json: { ...row, stageHistory: stages, resume: listed }, files };
  },
  remove: (svc, id) =>
    removeItemWithFiles(svc, {
      kind: applicationItemKind,
      id,
      owner: applicationOwner(id),
      deleteRow: async (tx) =>
        (await tx.delete(jobApplications).where(eq(jobApplications.id, id)).returning()).length > 0,
    }),
});
