import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountCookieNames, createSession } from "~/features/account/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { accountUsers, consentRecords, siteSettings } from "~/platform/db/schema";
import { addMonths } from "~/platform/time/months";
import { expectEach } from "../../../tests/support/expect-each";
import { serveApi, testServices } from "../../../tests/support/services";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createConsentApi } from "./consent-api.server";
import { consentRecordsOf, purgeOldConsentRecords } from "./consent-records.server";
import type { ConsentSettings } from "./consent-settings.server";
import { consentRecordRetentionTask } from "./retention.server";

let database: Database;
let api: Awaited<ReturnType<typeof serveApi>>;
let strict: Awaited<ReturnType<typeof serveApi>>;
const config = parseConfig({
  ANALYTICS_SCRIPT_URL: "https://stats.example.net/script.js",
  ANALYTICS_COOKIE_NAMES: "_st",
  RATE_LIMIT_FORM_POINTS: "1000",
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function setRevision(revision: number) {
  await database.db
    .insert(siteSettings)
    .values({ key: "consent", value: { revision } })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: { revision } } });
}

beforeAll(async () => {
  database = await createTestDatabase();
  await setRevision(1);
  api = await serveApi(createConsentApi(testServices(database, config)));
  // A budget of two consent posts per client, to see the third refused.
  const tight = parseConfig({ RATE_LIMIT_FORM_POINTS: "2" });
  strict = await serveApi(createConsentApi(testServices(database, tight)));
});

afterAll(async () => {
  await api?.close();
  await strict?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(consentRecords);
  await setRevision(1);
});

function post(body: unknown, headers: Record<string, string> = {}, base = api.url) {
  return fetch(`${base}/consents`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/** name=value of each Set-Cookie. */
const setCookies = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
/** The Cookie header a browser would send next, from a response's Set-Cookie (deletions left out). */
const cookieHeader = (res: Response, before = "") => {
  const jar = new Map(before ? before.split("; ").map((c) => c.split("=") as [string, string]) : []);
  for (const pair of setCookies(res)) {
    const [name = "", value = ""] = pair.split("=");
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
};
const recordCookie = (res: Response) =>
  setCookies(res)
    .find((c) => c.startsWith("cookieconsent_record="))
    ?.slice("cookieconsent_record=".length);

const rows = () => database.db.select().from(consentRecords).orderBy(asc(consentRecords.createdAt));

describe("GET /api/configs/consents", () => {
  it("describes the revision, the cookies, their lifetime and the categories, in English by default", async () => {
    const res = await fetch(`${api.url}/configs/consents`);
    expect(res.status).toBe(200);
    const settings = (await res.json()) as ConsentSettings;
    expect(settings.revision).toBe(1);
    expect(settings.cookies).toEqual({
      consent: "cookieconsent_status",
      analytics: "cookieanalytcs_status",
      record: "cookieconsent_record",
    });
    expect(settings.values).toEqual({ granted: "1", denied: "0" });
    expect(settings.maxAgeDays).toBe(90);
    expect(settings.categories.map((c) => [c.id, c.required, c.label])).toEqual([
      ["necessary", true, "Strictly necessary"],
      ["analytics", false, "Analytics"],
    ]);
    expect(settings.categories[0]?.cookies).toContain("cookieconsent_record");
    expect(settings.categories[1]?.cookies).toEqual(["_st"]);
    expect(settings.analytics).toEqual({
      firstParty: true,
      provider: { configured: true, origin: "https://stats.example.net" },
    });
  });

  it("carries the revision the content sets", async () => {
    await setRevision(3);
    const settings = (await (await fetch(`${api.url}/configs/consents`)).json()) as ConsentSettings;
    expect(settings.revision).toBe(3);
  });

  it("labels the categories in the requested language", async () => {
    const fr = (await (await fetch(`${api.url}/configs/consents?lang=fr`)).json()) as ConsentSettings;
    expect(fr.categories[0]?.label).toBe("Strictement nécessaires");
    const es = (await (await fetch(`${api.url}/configs/consents?lang=es`)).json()) as ConsentSettings;
    expect(es.categories[1]?.label).toBe("Analítica");
  });

  it("refuses an unsupported language with 400 messages", async () => {
    const res = await fetch(`${api.url}/configs/consents?lang=de`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { messages: string[] }).messages.length).toBe(1);
  });
});

describe("POST /api/consents: storing and recording a choice", () => {
  it("Accept All stores both spec cookies at 1 and the record cookie, and records the choice", async () => {
    const res = await post({ choice: "accept-all" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      consent: { decided: true, analytics: true, gpc: false, recorded: true },
    });
    const cookies = res.headers.getSetCookie();
    expect(setCookies(res).slice(0, 2)).toEqual(["cookieconsent_status=1", "cookieanalytcs_status=1"]);
    expectEach(cookies, (c) => c.includes("Max-Age=7776000") && c.includes("SameSite=Lax"));
    const [consentId, revision] = recordCookie(res)?.split(".") ?? [];
    expect(consentId).toMatch(uuid);
    expect(revision).toBe("1");

    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      consentId,
      revision: 1,
      analytics: true,
      method: "accept-all",
      accountId: null,
    });
    // Pseudonymous: nothing about the request beyond the choice.
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["accountId", "analytics", "consentId", "createdAt", "id", "method", "revision"].sort(),
    );
  });

  it("Confirm with the box unticked refuses, deletes the provider's cookies, and keeps the consent id", async () => {
    const first = await post({ choice: "confirm", analytics: true });
    const id = recordCookie(first)?.split(".")[0];
    const res = await post({ choice: "confirm", analytics: false }, { Cookie: cookieHeader(first) });
    expect(((await res.json()) as { consent: { analytics: boolean } }).consent.analytics).toBe(false);
    expect(setCookies(res)).toEqual([
      "cookieconsent_status=1",
      "cookieanalytcs_status=0",
      "_st=",
      `cookieconsent_record=${id}.1`,
    ]);
    // Analytics was on: turning it off is a withdrawal, recorded as such.
    expect((await rows()).map((r) => [r.consentId, r.method, r.analytics])).toEqual([
      [id, "confirm", true],
      [id, "withdrawal", false],
    ]);
  });

  it("records a refusal as the button when analytics was not on", async () => {
    const first = await post({ choice: "reject" });
    await post({ choice: "confirm" }, { Cookie: cookieHeader(first) });
    expect((await rows()).map((r) => r.method)).toEqual(["reject", "confirm"]);
  });

  it("files a choice under the current revision and updates the visitor's", async () => {
    const first = await post({ choice: "accept-all" });
    const id = recordCookie(first)?.split(".")[0];
    await setRevision(2);
    const res = await post({ choice: "accept-all" }, { Cookie: cookieHeader(first) });
    expect(recordCookie(res)).toBe(`${id}.2`);
    expect((await rows()).map((r) => r.revision)).toEqual([1, 2]);
  });

  it("notes the account only when the visitor is signed in, and forgets it when the account goes", async () => {
    const [user] = await database.db
      .insert(accountUsers)
      .values({
        username: "consent_ann",
        usernameKey: "consent_ann",
        email: "consent.ann@example.com",
        passwordHash: "x",
        dateOfBirth: "1990-04-12",
        tosVersion: 1,
        language: "en",
      })
      .returning();
    const { token } = await createSession(database.db, user!.id);
    await post({ choice: "reject" }, { Cookie: `${accountCookieNames(config).session}=${token}` });
    await post({ choice: "reject" }, { Cookie: `${accountCookieNames(config).session}=not-a-session` });
    expect((await rows()).map((r) => r.accountId)).toEqual([user!.id, null]);
    await database.db.delete(accountUsers).where(eq(accountUsers.id, user!.id));
    expect((await rows()).map((r) => r.accountId)).toEqual([null, null]);
  });

  it("refuses a junk body with 400, a cross-site page with 403, and too many posts with 429", async () => {
    expect((await post({ choice: "everything" })).status).toBe(400);
    expect((await post({ signal: "dnt" })).status).toBe(400);
    const crossSite = await post({ choice: "accept-all" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    expect(await rows()).toEqual([]);

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await post({ choice: "reject" }, {}, strict.url)).status);
    expect(answers).toEqual([200, 200, 429]);
  });
});

describe("POST /api/consents: Global Privacy Control", () => {
  it("records the signal alone without writing the spec's cookies, once per consent id", async () => {
    const res = await post({ signal: "gpc" }, { "Sec-GPC": "1" });
    expect(await res.json()).toEqual({
      consent: { decided: false, analytics: false, gpc: true, recorded: true },
    });
    // Only the record cookie: the banner still asks.
    expect(setCookies(res)).toEqual([expect.stringMatching(/^cookieconsent_record=[0-9a-f-]{36}\.1$/)]);
    const again = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookieHeader(res) });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect((await rows()).map((r) => [r.method, r.analytics])).toEqual([["gpc", false]]);

    // The visitor's explicit choice follows under the same id.
    const id = recordCookie(res)?.split(".")[0];
    const accept = await post({ choice: "accept-all" }, { "Sec-GPC": "1", Cookie: cookieHeader(res) });
    expect(((await accept.json()) as { consent: { analytics: boolean } }).consent.analytics).toBe(true);
    expect((await rows()).map((r) => [r.consentId, r.method])).toEqual([
      [id, "gpc"],
      [id, "accept-all"],
    ]);
  });

  it("records the signal before the first choice of a browser that sends it (no JavaScript)", async () => {
    await post({ choice: "reject" }, { "Sec-GPC": "1" });
    expect((await rows()).map((r) => r.method)).toEqual(["gpc", "reject"]);
  });

  it("does not turn an outdated choice into a current one", async () => {
    await setRevision(2);
    // A choice stored before revisions existed (revision 1), now outdated.
    const old = "cookieconsent_status=1; cookieanalytcs_status=1";
    const res = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: old });
    expect(await res.json()).toEqual({
      consent: { decided: false, analytics: false, gpc: true, recorded: true },
    });
    expect(recordCookie(res)).toMatch(/\.1$/);
  });
});

describe("GET /api/consents/receipt", () => {
  it("hands the visitor the records of their consent id, never cached, as a download when asked", async () => {
    const none = await fetch(`${api.url}/consents/receipt`);
    expect(none.status).toBe(404);
    expect(none.headers.get("cache-control")).toBe("no-store");

    const first = await post({ choice: "accept-all" }, { "Sec-GPC": "1" });
    const withdrawn = await post({ choice: "reject" }, { Cookie: cookieHeader(first) });
    // Someone else's records are not in it.
    await post({ choice: "reject" });
    const cookie = cookieHeader(withdrawn, cookieHeader(first));
    const res = await fetch(`${api.url}/consents/receipt`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const receipt = (await res.json()) as { consentId: string; records: Array<Record<string, unknown>> };
    expect(receipt.consentId).toBe(recordCookie(first)?.split(".")[0]);
    expect(receipt.records.map((r) => [r.method, r.analytics, r.revision, r.signedIn])).toEqual([
      ["gpc", false, 1, false],
      ["accept-all", true, 1, false],
      ["withdrawal", false, 1, false],
    ]);
    expectEach(receipt.records, (r) => typeof r.at === "string" && !Number.isNaN(Date.parse(String(r.at))));

    const download = await fetch(`${api.url}/consents/receipt?download=1`, { headers: { Cookie: cookie } });
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="?consent-receipt-[0-9a-f]{8}\.json"?$/,
    );
    expect(download.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(await download.text())).toMatchObject({ consentId: receipt.consentId });
  });
});

describe("keeping the records", () => {
  it("deletes the records older than the retention period, and only those", async () => {
    const now = new Date("2029-06-15T12:00:00Z");
    const consentId = "0b6f2c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f";
    const at = (months: number, ms = 0) => new Date(addMonths(now, -months).getTime() + ms);
    await database.db.insert(consentRecords).values([
      { consentId, revision: 1, analytics: false, method: "reject", createdAt: at(37) },
      { consentId, revision: 1, analytics: false, method: "reject", createdAt: at(36, -1) },
      { consentId, revision: 1, analytics: true, method: "accept-all", createdAt: at(36, 1) },
      { consentId, revision: 1, analytics: false, method: "withdrawal", createdAt: at(1) },
    ]);
    expect(await purgeOldConsentRecords(database.db, 36, now)).toBe(2);
    expect((await consentRecordsOf(database.db, consentId)).map((r) => r.method)).toEqual([
      "accept-all",
      "withdrawal",
    ]);
  });

  it("runs as a scheduled task with CONSENT_RECORD_RETENTION_MONTHS", async () => {
    const consentId = "0b6f2c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f";
    await database.db.insert(consentRecords).values([
      { consentId, revision: 1, analytics: false, method: "reject", createdAt: addMonths(new Date(), -13) },
      { consentId, revision: 1, analytics: false, method: "reject", createdAt: addMonths(new Date(), -11) },
    ]);
    const svc = testServices(database, parseConfig({ CONSENT_RECORD_RETENTION_MONTHS: "12" }));
    const task = consentRecordRetentionTask(svc);
    expect(task.everyMs).toBe(24 * 60 * 60_000);
    await task.run(new AbortController().signal);
    expect(await rows()).toHaveLength(1);
    expect(() => parseConfig({ CONSENT_RECORD_RETENTION_MONTHS: "0" })).toThrow(
      /CONSENT_RECORD_RETENTION_MONTHS/,
    );
    expect(parseConfig({}).CONSENT_RECORD_RETENTION_MONTHS).toBe(36);
  });
});
