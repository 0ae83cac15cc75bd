import { sql } from "drizzle-orm";
import type { JobOfferText } from "~/features/jobs";
import { listedInLanguageSql, recentlyListedOffersSql } from "~/features/jobs/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import {
  isLanguage,
  type Language,
  type Localized,
  languages,
  localizePath,
  pick,
} from "~/platform/i18n/languages";
import { enqueueEmails, type OutboxItem } from "~/platform/mail/outbox.server";
import type { OutgoingEmail } from "~/platform/mail/templates.server";
import { alertItemKind } from "./alerts.server";
import { alertJobsEmail, manageUrl, oneClickUrl } from "./emails.server";
import { jobAlertTokens } from "./tables";
import { hashAlertToken, newAlertToken } from "./tokens.server";

/**
 * Offers listed (or reaching their publication date) within this window are considered. Each
 * (alert, offer) pair is due from the moment the offer is listed, so any run within the window
 * sends it; older offers are skipped so a run never rereads the whole history.
 */
export const MATCH_WINDOW_DAYS = 30;

export type MatchReport = {
  deliveries: number;
  emails: number;
  queries: number;
  /** Where the time went (the bench prints it): SQL matching, composing e-mails, writing them. */
  timings: { matchMs: number; composeMs: number; writeMs: number };
};

type FreshRow = {
  alert_id: string;
  email: string;
  name: string;
  language: string;
  offer_id: number;
  texts: Partial<Localized<JobOfferText>>;
  office_name: Localized;
} & Record<string, unknown>;

/**
 * Sends each active, confirmed alert ONE e-mail with the offers listed since it started
 * listening that match its criteria (null = any), that the careers pages list in the alert's
 * language (listedInLanguageSql: a French-only Quebec offer is not mailed in English) and that
 * it was never sent.
 *
 * Set-based, a constant number of queries however many alerts exist: one INSERT … SELECT
 * records the new (alert, offer) pairs (the primary key and ON CONFLICT DO NOTHING make "never
 * twice" a database guarantee) and returns them; one statement stores a fresh management token
 * per e-mail (only hashes are kept, so each e-mail needs its own); one statement writes all
 * e-mails to the outbox. All in one transaction under an advisory lock, so several processes
 * may run it: the second waits, then finds nothing new.
 */
export async function matchJobAlerts(
  deps: { db: Db; config: Pick<Config, "publicUrl"> },
  { now = new Date() }: { now?: Date } = {},
): Promise<MatchReport> {
  const { db, config } = deps;
  // Read before the transaction: on PGlite a query outside an open transaction waits for it.
  const studios = new Map<Language, string>();
  for (const lang of languages) studios.set(lang, (await getStudioInfo(db, lang)).name);
  const at = now.toISOString();
  return db.transaction(async (tx) => {
    let queries = 0;
    const timings = { matchMs: 0, composeMs: 0, writeMs: 0 };
    let mark = performance.now();
    const lap = (key: keyof typeof timings) => {
      const next = performance.now();
      timings[key] += next - mark;
      mark = next;
    };
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('job-alerts-match'))`);
    queries++;
    const since = new Date(now.getTime() - MATCH_WINDOW_DAYS * 24 * 60 * 60 * 1000);
    const result = await tx.execute<FreshRow>(sql`
      with candidates as (${recentlyListedOffersSql(now, since)}), keys as (
        select c.id, c.listed, c.location as office, c.texts,
               l.v as location, t.v as team, lv.v as level, cm.v as commitment
        from candidates c
        cross join lateral (values (c.location), ('*')) l(v)
        cross join lateral (values (c.team), ('*')) t(v)
        cross join lateral (values (c.level), ('*')) lv(v)
        cross join lateral (values (c.commitment), ('*')) cm(v)
      ), fresh as (
        insert into job_alert_deliveries (alert_id, offer_id, created_at)
        select a.id, k.id, ${at}::timestamptz
        from keys k join job_alerts a
          on coalesce(a.location, '*') = k.location and coalesce(a.team, '*') = k.team
         and coalesce(a.level, '*') = k.level and coalesce(a.commitment, '*') = k.commitment
        where a.active and a.confirmed_at is not null and a.listening_since < k.listed
          and ${listedInLanguageSql(sql`a.language`, { officeSlug: sql`k.office`, texts: sql`k.texts` })}
        on conflict do nothing
        returning alert_id, offer_id
      )
      select fresh.alert_id, a.email, a.name, a.language, c.id as offer_id, c.texts, c.office_name
      from fresh
      join job_alerts a on a.id = fresh.alert_id
      join candidates c on c.id = fresh.offer_id
      order by fresh.alert_id, c.published_at desc, c.id`);
    queries++;
    lap("matchMs");
    const rows = (result as unknown as { rows: FreshRow[] }).rows;
    if (rows.length === 0) return { deliveries: 0, emails: 0, queries, timings };

    const byAlert = new Map<string, FreshRow[]>();
    for (const row of rows) {
      const list = byAlert.get(row.alert_id) ?? [];
      list.push(row);
      byAlert.set(row.alert_id, list);
    }
    const tokens: Array<{ token_hash: string; alert_id: string }> = [];
    const emails: Array<{ email: OutgoingEmail; about: OutboxItem }> = [];
    for (const [alertId, jobs] of byAlert) {
      const first = jobs[0]!;
      const lang: Language = isLanguage(first.language) ? first.language : "en";
      const token = newAlertToken();
      tokens.push({ token_hash: hashAlertToken(token), alert_id: alertId });
      const manage = manageUrl(config, lang, alertId, token);
      const oneClick = oneClickUrl(config, alertId, token);
      emails.push({
        about: { kind: alertItemKind, id: alertId },
        email: await alertJobsEmail.compose(
          { to: first.email, lang, studioName: studios.get(lang)!, siteUrl: config.publicUrl },
          {
            name: first.name,
            jobs: jobs.map((job) => ({
              title: pick(job.texts, lang)?.title ?? Object.values(job.texts)[0]?.title ?? "",
              office: pick(job.office_name, lang) ?? "",
              url: `${config.publicUrl}${localizePath(`/careers/${job.offer_id}`, lang)}`,
            })),
            manageUrl: manage,
            stopUrl: `${manage}?stop=${alertId}`,
          },
          {
            "List-Unsubscribe": `<${oneClick}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        ),
      });
    }
    lap("composeMs");
    await tx.execute(sql`
      insert into ${jobAlertTokens} (token_hash, alert_id, created_at)
      select token_hash, alert_id, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(tokens)}::jsonb) as r(token_hash text, alert_id uuid)`);
    queries++;
    await enqueueEmails(tx, emails);
    queries++;
    lap("writeMs");
    return { deliveries: rows.length, emails: emails.length, queries, timings };
  });
}
