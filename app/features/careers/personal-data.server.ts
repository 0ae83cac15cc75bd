import { asc, desc, eq, sql } from "drizzle-orm";
import { jobApplicationStages, jobApplications } from "~/platform/db/schema/careers";
import { deleteEmailsMentioning } from "~/platform/mail/outbox.server";
import { definePersonalData } from "~/platform/privacy/personal-data";

/** What the upload store calls the owner of an application's résumé (application.server.ts). */
const ownerOf = (id: string) => `job-application:${id}`;

/**
 * Job applications as personal data (docs/requirements.md#data-rights): the application, its
 * stage history and its résumé. Deleting it deletes its stages and status links (cascade), the
 * résumé (row and file) and the outbox's e-mails about it; recruiting's inbox is out of reach.
 */
export const applicationPersonalData = definePersonalData({
  kind: "application",
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(jobApplications)
      .where(sql`lower(${jobApplications.email}) = lower(${email})`)
      .orderBy(desc(jobApplications.createdAt));
    return rows.map((r) => ({ id: r.id, label: r.jobTitle, createdAt: r.createdAt, deleteOn: r.expiresAt }));
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    if (!row) return null;
    const stages = await svc.db
      .select({ stage: jobApplicationStages.stage, at: jobApplicationStages.at })
      .from(jobApplicationStages)
      .where(eq(jobApplicationStages.applicationId, id))
      .orderBy(asc(jobApplicationStages.at));
    const files = await svc.uploads.owned(ownerOf(id));
    return {
      json: {
        ...row,
        stageHistory: stages,
        resume: files.map((f) => ({
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
        .delete(jobApplications)
        .where(eq(jobApplications.id, id))
        .returning({ id: jobApplications.id });
      if (rows.length) await deleteEmailsMentioning(tx, id);
      return rows.length > 0;
    });
    await svc.uploads.removeOwned([ownerOf(id)]);
    return gone;
  },
});
