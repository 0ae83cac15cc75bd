import crypto from "node:crypto";
import { and, asc, desc, eq, lt, ne } from "drizzle-orm";
import { type AccountDataPart, signedInAccountId } from "~/features/account/index.server";
import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { parseCookies } from "~/platform/http/cookies";
import { type Outcome, ok, refuse } from "~/platform/http/outcome";
import { type RateLimits, retryAfterSeconds, TOO_MANY_REQUESTS } from "~/platform/http/rate-limit.server";
import { loadNamespace } from "~/platform/i18n/catalogs";
import type { Language } from "~/platform/i18n/languages";
import type { Logger } from "~/platform/logging.server";
import { addMonths } from "~/platform/time/months";
import { type ConsentPost, consentCookieHeaders, consentRecordCookieHeader } from "./consent.server";
import { consentBudgets } from "./consent-budgets.server";
import {
  ANALYTICS_CONSENT_COOKIE,
  analyticsGranted,
  CONSENT_COOKIE,
  CONSENT_DENIED,
  CONSENT_GRANTED,
  CONSENT_RECORD_COOKIE,
  type ConsentChoice,
  type ConsentState,
  isRevisionCurrent,
  parseConsentRecord,
} from "./consent-cookies";
import { type ConsentPolicy, consentPolicy } from "./consent-policy.server";
import { consentRecords } from "./tables";

export type ConsentMethod = (typeof consentRecords.$inferSelect)["method"];

/** One recorded choice, as the receipt and the cookie settings show it. */
export type ConsentRecordView = {
  at: string;
  /** The policy's revision (content/consent.yaml). */
  revision: number;
  /** The effective revision, as the record cookie carried it (docs/decisions/0042). */
  effectiveRevision: string;
  /** The origins of the outside providers the choice covered. */
  providers: string[];
  analytics: boolean;
  method: ConsentMethod;
  /** The browser sent Global Privacy Control with it. */
  gpc: boolean;
  signedIn: boolean;
  /**
   * The banner the visitor read: its language and the version of its texts in that language
   * (consentTextVersion); "before versions" for a record made before they were kept.
   */
  text: { language: string; version: string } | "before versions";
  /** For an `embed` record: the players the visitor chose to always load from then on. */
  embeds: string[];
};

export type ConsentReceipt = {
  consentId: string;
  site: string;
  generatedAt: string;
  records: ConsentRecordView[];
};

type Deps = { db: Db; config: Config; rateLimits: RateLimits; logger: Logger };

type Written = { consent: ConsentState; setCookies: string[] };

type Row = { consentId: string; method: ConsentMethod; analytics: boolean; gpc: boolean; embeds?: string[] };

/**
 * The version of the banner's texts in one language: a digest of its catalog (the banner's
 * sentences, buttons and categories), so that a record says which wording the visitor read.
 */
export async function consentTextVersion(lang: Language): Promise<string> {
  const catalog = await loadNamespace(lang, "consent");
  return crypto.createHash("sha256").update(JSON.stringify(catalog), "utf8").digest("hex").slice(0, 8);
}

/**
 * The one way a cookie choice is stored (docs/decisions/0020-consent-records-and-gpc.md, amended
 * by 0042-consent-provider-revision-and-refusals.md), for the banner's form without JavaScript
 * (POST /consent) and with it (POST /api/consents):
 *
 * - A choice (a button) writes the specification's two cookies and the record cookie (the
 *   visitor's consent id, kept or made, and the current effective revision), and records the
 *   choice: `withdrawal` when analytics was on and no longer is, else the button. Its record
 *   spends the budgets of consent-budgets.server.ts; once they are spent, a refusal is stored all
 *   the same, unrecorded, and a grant is refused (429): a grant without its proof is no consent.
 * - Global Privacy Control (`gpc`, the request's `Sec-GPC: 1`, or `{ signal: "gpc" }` posted by
 *   the browser that exposes `navigator.globalPrivacyControl`):
 *   - from a visitor without a consent id, recorded once per client (IP address) a day, under an
 *     id of its own that no cookie carries: the signal alone gives no id;
 *   - over a current grant made without the signal, it wins: analytics goes off (the
 *     specification's cookies say so) and the signal is recorded as the visitor's `gpc`;
 *   - over a grant made under the signal (the visitor's explicit accept), it changes nothing.
 *
 * The record holds the consent id, the revisions, the providers covered, analytics yes/no, the
 * method, whether the signal came with it, the time and the signed-in account (only then): no IP
 * address, no browser details.
 */
export async function recordConsent(
  deps: Deps,
  input: {
    post: ConsentPost;
    cookieHeader: string | null | undefined;
    gpc: boolean;
    /** The client's rate-limit key (clientKey of its address). */
    client: string;
    now?: Date;
  },
): Promise<Outcome<Written>> {
  const now = input.now ?? new Date();
  const policy = await consentPolicy(deps);
  const cookies = parseCookies(input.cookieHeader);
  const status = cookies.get(CONSENT_COOKIE);
  const stored = status === CONSENT_GRANTED || status === CONSENT_DENIED;
  const before = parseConsentRecord(cookies.get(CONSENT_RECORD_COOKIE));
  const visitor: Visitor = {
    before: before?.consentId ?? null,
    current: stored && isRevisionCurrent(before?.revision ?? null, policy.effectiveRevision),
    wasGranted: stored && cookies.get(ANALYTICS_CONSENT_COOKIE) === CONSENT_GRANTED,
  };
  const context: Context = {
    deps,
    policy,
    now,
    client: input.client,
    cookieHeader: input.cookieHeader,
    lang: input.post.lang,
  };
  if ("signal" in input.post) return ok(await recordSignal(context, visitor));
  if ("embed" in input.post) return recordEmbed(context, visitor, input.post);
  return recordChoice(context, visitor, analyticsGranted(input.post.choice, input.post.analytics), {
    choice: input.post.choice,
    gpc: input.gpc || input.post.gpc === true,
  });
}

type Context = {
  deps: Deps;
  policy: ConsentPolicy;
  now: Date;
  client: string;
  cookieHeader: string | null | undefined;
  /** The banner's language, when the request said. */
  lang: Language | undefined;
};

/** The record cookie of `consentId` under the effective revision in force. */
const recordCookie = (context: Context, consentId: string) =>
  consentRecordCookieHeader(
    context.deps.config,
    { consentId, revision: context.policy.effectiveRevision },
    context.now,
  );

type Visitor = {
  /** The consent id of the record cookie; null without one. */
  before: string | null;
  /** A choice is stored under the effective revision in force. */
  current: boolean;
  /** The stored choice, of whatever revision, grants analytics. */
  wasGranted: boolean;
};

/**
 * The visitor's consent id (theirs, or a new one) and whether the record budgets refuse a record
 * now. A grant refused so is answered 429 (`tooMany`): a grant without its proof is no consent.
 */
async function claimRecord(context: Context, visitor: Visitor, grant: boolean) {
  const budgets = consentBudgets(context.deps.rateLimits, context.deps.logger);
  const consentId = visitor.before ?? crypto.randomUUID();
  const refused = await budgets.record(visitor.before, context.client);
  const tooMany =
    refused && grant
      ? refuse(429, TOO_MANY_REQUESTS, { headers: { "Retry-After": retryAfterSeconds(refused) } })
      : null;
  return { budgets, consentId, refused, tooMany };
}

async function recordChoice(
  context: Context,
  visitor: Visitor,
  analytics: boolean,
  post: { choice: ConsentChoice; gpc: boolean },
): Promise<Outcome<Written>> {
  const { deps, client } = context;
  const { budgets, consentId, refused, tooMany } = await claimRecord(context, visitor, analytics);
  if (tooMany) return tooMany;
  const rows: Row[] = [];
  // The signal comes before the first choice it was sent with (a browser without JavaScript).
  if (post.gpc && !visitor.before && (await budgets.anonymousSignal(client))) {
    rows.push({ consentId, method: "gpc", analytics: false, gpc: true });
  }
  if (refused) {
    deps.logger.info("cookie refusal stored without its record: the consent budgets are spent");
  } else {
    const method = visitor.wasGranted && !analytics ? "withdrawal" : post.choice;
    rows.push({ consentId, method, analytics, gpc: post.gpc });
  }
  // A grant stands only with its proof; a refusal is stored even when its record cannot be now.
  await insertRecords(context, rows, { required: analytics });
  return ok({
    consent: { decided: true, analytics, gpc: post.gpc, recorded: true, pendingSignal: false },
    setCookies: [
      ...consentCookieHeaders(deps.config, analytics, context.now),
      recordCookie(context, consentId),
    ],
  });
}

/**
 * "Always load …" ticked (a grant: refused, 429, once the budgets are spent, as a grant without
 * its proof is no consent) or unticked (stored in the browser whatever happens here). It
 * changes no cookie choice: the record keeps the analytics choice in force, and the record
 * cookie gives the visitor a consent id if they had none.
 */
async function recordEmbed(
  context: Context,
  visitor: Visitor,
  post: { embed: string; always: boolean },
): Promise<Outcome<Written>> {
  const { consentId, refused, tooMany } = await claimRecord(context, visitor, post.always);
  if (tooMany) return tooMany;
  const analytics = visitor.current && visitor.wasGranted;
  if (!refused) {
    await insertRecords(
      context,
      [{ consentId, method: "embed", analytics, gpc: false, embeds: post.always ? [post.embed] : [] }],
      { required: post.always },
    );
  }
  return ok({
    consent: { decided: visitor.current, analytics, gpc: false, recorded: true, pendingSignal: false },
    setCookies: visitor.before ? [] : [recordCookie(context, consentId)],
  });
}

async function recordSignal(context: Context, visitor: Visitor): Promise<Written> {
  const { deps, client } = context;
  const budgets = consentBudgets(deps.rateLimits, deps.logger);
  const state = { gpc: true, pendingSignal: false };
  if (!(visitor.current && visitor.wasGranted)) {
    // Nothing the signal changes: recorded for a visitor without an id, once per client a day,
    // under an id no cookie carries, so that a browser sending it on every page is no row each.
    if (!visitor.before && (await budgets.anonymousSignal(client))) {
      await insertRecords(
        context,
        [{ consentId: crypto.randomUUID(), method: "gpc", analytics: false, gpc: true }],
        { required: false },
      );
    }
    return {
      consent: { ...state, decided: visitor.current, analytics: false, recorded: visitor.before !== null },
      setCookies: [],
    };
  }
  if (visitor.before && (await grantedUnderSignal(deps.db, visitor.before))) {
    return { consent: { ...state, decided: true, analytics: true, recorded: true }, setCookies: [] };
  }
  // The signal after a grant made without it: analytics off, stored, and recorded when a budget
  // allows (the visitor's id's, or a client's one a day for a grant stored before ids existed).
  const consentId = visitor.before ?? crypto.randomUUID();
  const allowed = visitor.before
    ? !(await budgets.record(consentId, client))
    : await budgets.anonymousSignal(client);
  if (allowed) {
    await insertRecords(context, [{ consentId, method: "gpc", analytics: false, gpc: true }], {
      required: false,
    });
  }
  return {
    consent: { ...state, decided: true, analytics: false, recorded: true },
    setCookies: [...consentCookieHeaders(deps.config, false, context.now), recordCookie(context, consentId)],
  };
}

/**
 * Whether the consent id's latest record is a grant made with the signal: the visitor accepted
 * while their browser asked not to be tracked, their own choice over the signal.
 */
async function grantedUnderSignal(db: Db, consentId: string): Promise<boolean> {
  const [latest] = await db
    .select({ analytics: consentRecords.analytics, gpc: consentRecords.gpc })
    .from(consentRecords)
    .where(and(eq(consentRecords.consentId, consentId), ne(consentRecords.method, "embed")))
    .orderBy(desc(consentRecords.createdAt))
    .limit(1);
  return latest?.analytics === true && latest.gpc;
}

/**
 * Writes the records of one request. `required`: a failure fails the request (a grant); else it
 * is logged and the choice stands unrecorded (a refusal, the signal).
 */
async function insertRecords(context: Context, rows: Row[], { required }: { required: boolean }) {
  if (rows.length === 0) return;
  const { deps, policy, now, lang } = context;
  try {
    const accountId = await signedInAccountId(deps, context.cookieHeader);
    const textVersion = lang ? await consentTextVersion(lang) : null;
    await deps.db.insert(consentRecords).values(
      rows.map((row, i) => ({
        ...row,
        language: lang ?? null,
        textVersion,
        revision: policy.revision,
        effectiveRevision: policy.effectiveRevision,
        providers: policy.providers,
        accountId,
        // The signal comes before the choice it was sent with, also to the millisecond.
        createdAt: new Date(now.getTime() + i),
      })),
    );
  } catch (err) {
    if (required) throw err;
    deps.logger.warn({ err }, "cookie refusal stored without its record: the record could not be written");
  }
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
    effectiveRevision: row.effectiveRevision,
    providers: row.providers,
    analytics: row.analytics,
    method: row.method,
    gpc: row.gpc,
    signedIn: row.accountId !== null,
    text:
      row.language && row.textVersion
        ? { language: row.language, version: row.textVersion }
        : ("before versions" as const),
    embeds: row.embeds,
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

/** The cookie choices made while signed in, as the account's personal-data export shows them. */
export const cookieChoicesPart: AccountDataPart = {
  key: "cookieChoices",
  read: (db, accountId) =>
    db
      .select({
        revision: consentRecords.revision,
        effectiveRevision: consentRecords.effectiveRevision,
        providers: consentRecords.providers,
        analytics: consentRecords.analytics,
        method: consentRecords.method,
        gpc: consentRecords.gpc,
        at: consentRecords.createdAt,
      })
      .from(consentRecords)
      .where(eq(consentRecords.accountId, accountId)),
};
