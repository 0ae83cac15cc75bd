import { asc, desc, eq, sql } from "drizzle-orm";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { alertItemKind, removeAlert } from "./alerts.server";
import { jobAlertDeliveries, jobAlerts } from "./tables";

/**
 * Job alerts as personal data (docs/requirements.md#data-rights), with their newsletter consent
 * and the offers each was sent. Deleting one deletes its tokens and deliveries (cascade) and its
 * e-mails in the outbox.
 */
export const alertPersonalData = definePersonalData({
  kind: alertItemKind,
  async listByEmail(db, email) {
    const rows = await db
      .select()
      .from(jobAlerts)
      .where(sql`${jobAlerts.email} = lower(${email})`)
      .orderBy(desc(jobAlerts.createdAt));
    // An unconfirmed alert is purged after 7 days; a confirmed one stays until removed.
    const week = 7 * 24 * 60 * 60_000;
    return rows.map((r) => ({
      id: r.id,
      label: r.name,
      createdAt: r.createdAt,
      deleteOn: r.confirmedAt ? null : new Date(r.createdAt.getTime() + week),
    }));
  },
  async ids(db) {
    return (await db.select({ id: jobAlerts.id }).from(jobAlerts)).map((r) => r.id);
  },
  async export(svc, id) {
    const [row] = await svc.db.select().from(jobAlerts).where(eq(jobAlerts.id, id));
    if (!row) return null;
    const sent = await svc.db
      .select({ offerId: jobAlertDeliveries.offerId, at: jobAlertDeliveries.createdAt })
      .from(jobAlertDeliveries)
      .where(eq(jobAlertDeliveries.alertId, id))
      .orderBy(asc(jobAlertDeliveries.createdAt));
    return { json: { ...row, newsletterConsent: row.newsletter, offersSent: sent }, files: [] };
  },
  remove: (svc, id) => removeAlert(svc, id),
});
