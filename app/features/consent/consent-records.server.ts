import crypto from "node:crypto";
import { asc, eq, lt } from "drizzle-orm";
import { signedInAccountId } from "~/features/account/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { consentRecords } from "~/platform/db/schema";
import { parseCookies } from "~/platform/http/cookies";
import { addMonths } from "~/platform/time/months";
import { type ConsentPost, consentCookieHeaders, consentRecordCookieHeader } from "./consent.server";
import {
  ANALYTICS_CONSENT_COOKIE,
  analyticsGranted,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  CONSENT_RECORD_COOKIE,
  type ConsentRecordCookie,
  type ConsentState,
  FIRST_REVISION,
  parseConsentRecord,
} from "./consent-cookies";
import { consentRevision } from "./consent-kind.server";

export type ConsentMethod = (typeof consentRecords.$inferSelect)["method"];

/** One recorded choice, as the receipt and the cookie settings show it. */
export type ConsentRecordView = {
  at: string;
  revision: number;
  analytics: boolean;
  method: ConsentMethod;
  signedIn: boolean;
};

export type ConsentReceipt = {
  consentId: string;
  site: string;
  generatedAt: string;
  records: ConsentRecordView[];
};

type Deps = { db: Db; config: Config };

/**
 * The one way a cookie choice is stored (docs/decisions/0020-consent-records-and-gpc.md), for
 * the banner's form without JavaScript (POST /consent) and with it (POST /api/consents):
 *
 * - A choice (a button) writes the specification's two cookies and the record cookie (the
 *   visitor's consent id, kept or made, and the current revision), and records the choice:
 *   `withdrawal` when analytics was on and no longer is, else the button.
 * - Global Privacy Control (`gpc`, the request's `Sec-GPC: 1`, or `{ signal: "gpc" }` posted by
 *   the browser that exposes `navigator.globalPrivacyControl`) is recorded once, the first time
 *   the site sees it from a visitor without a consent id, before that visitor's choice if any.
 *   The signal alone writes only the record cookie: the specification's cookies are not
 *   written, so the banner still asks; its revision is the one of the choice already stored (an
 *   outdated choice stays outdated), the current one when there is none.
 *
 * The record holds the consent id, the revision, analytics yes/no, the method, the time and the
 * signed-in account (only then): no IP address, no browser details.
 */
export async function recordConsent(
  deps: Deps,
  input: { post: ConsentPost; cookieHeader: string | null | undefined; gpc: boolean; now?: Date },
): Promise<{ consent: ConsentState; setCookies: string[] }> {
  const now = input.now ?? new Date();
  const revision = await consentRevision(deps.db);
  const cookies = parseCookies(input.cookieHeader);
  const status = cookies.get(CONSENT_COOKIE);
  const stored = status === CONSENT_GRANTED || status === CONSENT_DENIED;
  const wasGranted = stored && cookies.get(ANALYTICS_CONSENT_COOKIE) === CONSENT_GRANTED;
  const before = parseConsentRecord(cookies.get(CONSENT_RECORD_COOKIE));
  const consentId = before?.consentId ?? crypto.randomUUID();
  const signalOnly = "signal" in input.post;
  const gpc = input.gpc || signalOnly;

  const rows: Array<{ method: ConsentMethod; analytics: boolean }> = [];
  if (gpc && !before) rows.push({ method: "gpc", analytics: false });
  let analytics: boolean | null = null;
  if (!("signal" in input.post)) {
    analytics = analyticsGranted(input.post.choice, input.post.analytics);
    rows.push({ method: wasGranted && !analytics ? "withdrawal" : input.post.choice, analytics });
  }
  if (rows.length > 0) {
    const accountId = await signedInAccountId(deps, input.cookieHeader);
    await deps.db.insert(consentRecords).values(
      rows.map((row, i) => ({
        ...row,
        consentId,
        revision,
        accountId,
        // The signal comes before the choice it was sent with, also to the millisecond.
        createdAt: new Date(now.getTime() + i),
      })),
    );
  }

  if (analytics === null) {
    // The signal alone: no choice is made, nothing the banner asks is answered.
    const decided = stored && (before?.revision ?? FIRST_REVISION) >= revision;
    const current: ConsentState = {
      decided,
      analytics: decided && wasGranted,
      gpc,
      recorded: before !== null,
    };
    if (before) return { consent: current, setCookies: [] };
    const record: ConsentRecordCookie = { consentId, revision: stored ? FIRST_REVISION : revision };
    return {
      consent: { ...current, recorded: true },
      setCookies: [consentRecordCookieHeader(deps.config, record, now)],
    };
  }
  return {
    consent: { decided: true, analytics, gpc, recorded: true },
    setCookies: [
      ...consentCookieHeaders(deps.config, analytics, now),
      consentRecordCookieHeader(deps.config, { consentId, revision }, now),
    ],
  };
}

/** The records filed under a consent id, oldest first. */
export async function consentRecordsOf(db: Db, consentId: string): Promise<ConsentRecordView[]> {
  const rows = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.consentId, consentId))
    .orderBy(asc(consentRecords.createdAt));
  return rows.map((row) => ({
    at: row.createdAt.toISOString(),
    revision: row.revision,
    analytics: row.analytics,
    method: row.method,
    signedIn: row.accountId !== null,
  }));
}

/** The receipt of the visitor whose Cookie header this is; null without a consent id. */
export async function consentReceipt(
  deps: Deps,
  cookieHeader: string | null | undefined,
  now = new Date(),
): Promise<ConsentReceipt | null> {
  const record = parseConsentRecord(parseCookies(cookieHeader).get(CONSENT_RECORD_COOKIE));
  if (!record) return null;
  return {
    consentId: record.consentId,
    site: deps.config.publicUrl,
    generatedAt: now.toISOString(),
    records: await consentRecordsOf(deps.db, record.consentId),
  };
}

/** Deletes the records made more than `keepMonths` ago; returns how many. */
export async function purgeOldConsentRecords(db: Db, keepMonths: number, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(consentRecords)
    .where(lt(consentRecords.createdAt, addMonths(now, -keepMonths)))
    .returning({ id: consentRecords.id });
  return deleted.length;
}
