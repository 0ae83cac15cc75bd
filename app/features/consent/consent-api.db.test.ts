import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { accountCookieNames, createSession } from "~/features/account/index.server";
import { accountUsers } from "~/features/account/tables";
import { siteSettings } from "~/features/content/tables";
import { type Config, parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { addMonths } from "~/platform/time/months";
import { expectEach } from "../../../tests/support/expect-each";
import { serveApi, testServices } from "../../../tests/support/services";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createConsentApi } from "./consent-api.server";
import { RECORDS_PER_CONSENT_ID } from "./consent-budgets.server";
import { type ConsentState, readConsent } from "./consent-cookies";
import { consentRecordsOf, purgeOldConsentRecords, recordConsent } from "./consent-records.server";
import type { ConsentSettings } from "./consent-settings.server";
import { consentRecordRetentionTask } from "./retention.server";
import { consentRecords } from "./tables";

let database: Database;
let api: Awaited<ReturnType<typeof serveApi>>;
const config = parseConfig({
  ANALYTICS_SCRIPT_URL: "https://stats.example.net/script.js",
  ANALYTICS_COOKIE_NAMES: "_st",
  RATE_LIMIT_FORM_POINTS: "1000",
});
/** The effective revision under `config`'s provider (consent-policy.test.ts pins the digest). */
const withProvider = "1-8124783f";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function setRevision(revision: number) {
  await database.db
    .insert(siteSettings)
    .values({ key: "consent", value: { revision } })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: { revision } } });
}

/** The consent API over the test's database, with budgets of its own (in memory). */
async function serve(settings: Config) {
  const server = await serveApi(createConsentApi(testServices(database, settings)));
  onTestFinished(() => server.close());
  return server;
}

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(consentRecords);
  await setRevision(1);
  // Each test spends budgets of its own: the client's signal budget lasts a day.
  api = await serve(config);
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
    expect(settings.effectiveRevision).toBe(withProvider);
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
    // Every cookie of the site's list, by category, as this configuration names them.
    expect(settings.categories[0]?.cookies).toEqual([
      "cookieconsent_status",
      "cookieanalytcs_status",
      "cookieconsent_record",
      "studio_flash",
      "studio_session",
      "studio_mfa",
      "studio_signed_in",
      "studio_platform_state",
      "faq_visitor",
    ]);
    expect(settings.categories[1]?.cookies).toEqual(["_st"]);
    expect(settings.analytics).toEqual({
      firstParty: true,
      provider: { configured: true, origin: "https://stats.example.net" },
    });
    // The outside provider is named, and what it receives said.
    expect(settings.categories[1]?.description).toMatch(
      /^Count how many times .* stats\.example\.net, an outside service: it receives your IP address/,
    );
    expect(settings.categories[1]?.description).not.toMatch(/nothing shared/);
  });

  it("without an outside provider, keeps the revision as it was and says nothing is shared", async () => {
    const firstParty = await serve(parseConfig({}));
    const settings = (await (await fetch(`${firstParty.url}/configs/consents`)).json()) as ConsentSettings;
    expect([settings.revision, settings.effectiveRevision]).toEqual([1, "1"]);
    expect(settings.analytics.provider).toEqual({ configured: false });
    expect(settings.categories[1]?.cookies).toEqual([]);
    expect(settings.categories[1]?.description).toMatch(/nothing shared\.$/);
  });

  it("names the cookies as an https site sets them", async () => {
    const https = await serve(parseConfig({ PUBLIC_URL: "https://studio.example" }));
    const settings = (await (await fetch(`${https.url}/configs/consents`)).json()) as ConsentSettings;
    expect(settings.categories[0]?.cookies).toContain("__Host-studio_session");
    expect(settings.categories[0]?.cookies).not.toContain("studio_session");
    expect(settings.categories[0]?.cookies).toContain("cookieconsent_status");
  });

  it("carries the revision the content sets", async () => {
    await setRevision(3);
    const settings = (await (await fetch(`${api.url}/configs/consents`)).json()) as ConsentSettings;
    expect(settings.revision).toBe(3);
    expect(settings.effectiveRevision).toBe("3-8124783f");
  });

  it("labels the categories in the requested language", async () => {
    const fr = (await (await fetch(`${api.url}/configs/consents?lang=fr`)).json()) as ConsentSettings;
    expect(fr.categories[0]?.label).toBe("Strictement nécessaires");
    expect(fr.categories[1]?.description).toContain("stats.example.net, un service externe");
    const es = (await (await fetch(`${api.url}/configs/consents?lang=es`)).json()) as ConsentSettings;
    expect(es.categories[1]?.label).toBe("Analítica");
    expect(es.categories[1]?.description).toContain("stats.example.net, un servicio externo");
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
      consent: { decided: true, analytics: true, gpc: false, recorded: true, pendingSignal: false },
    });
    const cookies = res.headers.getSetCookie();
    expect(setCookies(res).slice(0, 2)).toEqual(["cookieconsent_status=1", "cookieanalytcs_status=1"]);
    expectEach(cookies, (c) => c.includes("Max-Age=7776000") && c.includes("SameSite=Lax"));
    const [consentId, revision] = recordCookie(res)?.split(".") ?? [];
    expect(consentId).toMatch(uuid);
    // The effective revision: the policy's, and the digest of the provider the choice covers.
    expect(revision).toBe(withProvider);

    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      consentId,
      revision: 1,
      effectiveRevision: withProvider,
      providers: ["https://stats.example.net"],
      analytics: true,
      method: "accept-all",
      gpc: false,
      accountId: null,
    });
    // Pseudonymous: nothing about the request beyond the choice, the privacy signal and the
    // banner's language.
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        "accountId",
        "analytics",
        "consentId",
        "createdAt",
        "effectiveRevision",
        "embeds",
        "gpc",
        "id",
        "language",
        "method",
        "providers",
        "revision",
        "textVersion",
      ].sort(),
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
      `cookieconsent_record=${id}.${withProvider}`,
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
    expect(recordCookie(res)).toBe(`${id}.2-8124783f`);
    expect((await rows()).map((r) => [r.revision, r.effectiveRevision])).toEqual([
      [1, withProvider],
      [2, "2-8124783f"],
    ]);
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

  it("refuses a junk body with 400 and a cross-site page with 403", async () => {
    expect((await post({ choice: "everything" })).status).toBe(400);
    expect((await post({ signal: "dnt" })).status).toBe(400);
    expect((await post({ choice: "reject", gpc: "yes" })).status).toBe(400);
    const crossSite = await post({ choice: "accept-all" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});

describe("POST /api/consents: a new outside provider asks again (docs/decisions/0042)", () => {
  it("asks a visitor who accepted before the provider was configured again, and records what the new choice covers", async () => {
    // The same database, first without a provider (as the site ran before), then with one.
    const before = await serve(parseConfig({ RATE_LIMIT_FORM_POINTS: "1000" }));
    const first = await post({ choice: "accept-all" }, {}, before.url);
    const id = recordCookie(first)?.split(".")[0];
    // Without a provider the cookie is what it always was.
    expect(recordCookie(first)).toBe(`${id}.1`);
    expect(readConsent(cookieHeader(first), { revision: "1" })).toMatchObject({
      decided: true,
      analytics: true,
    });

    // Now with the provider: that choice no longer stands (the banner asks, analytics off).
    const settings = (await (await fetch(`${api.url}/configs/consents`)).json()) as ConsentSettings;
    expect(readConsent(cookieHeader(first), { revision: settings.effectiveRevision })).toMatchObject({
      decided: false,
      analytics: false,
      recorded: true,
    });
    // A privacy signal does not make that old grant current either.
    const signal = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookieHeader(first) });
    expect(((await signal.json()) as { consent: ConsentState }).consent).toMatchObject({
      decided: false,
      analytics: false,
    });
    expect(signal.headers.getSetCookie()).toEqual([]);

    // The visitor answers again, under the same id; the record says which providers it covered.
    const again = await post({ choice: "accept-all" }, { Cookie: cookieHeader(first) });
    expect(recordCookie(again)).toBe(`${id}.${withProvider}`);
    expect(
      readConsent(cookieHeader(again, cookieHeader(first)), { revision: settings.effectiveRevision }),
    ).toMatchObject({
      decided: true,
      analytics: true,
    });
    expect((await rows()).map((r) => [r.consentId, r.effectiveRevision, r.providers])).toEqual([
      [id, "1", []],
      [id, withProvider, ["https://stats.example.net"]],
    ]);
    const receipt = (await (
      await fetch(`${api.url}/consents/receipt`, {
        headers: { Cookie: cookieHeader(again, cookieHeader(first)) },
      })
    ).json()) as { records: Array<Record<string, unknown>> };
    expect(receipt.records.map((r) => [r.revision, r.effectiveRevision, r.providers])).toEqual([
      [1, "1", []],
      [1, withProvider, ["https://stats.example.net"]],
    ]);
  });
});

describe("POST /api/consents: refusing always works (docs/decisions/0042)", () => {
  const reject = (headers: Record<string, string> = {}, base = api.url) =>
    post({ choice: "reject" }, headers, base);

  it("stores the 11th and later refusals from one address with the denied cookie, recording only what the budget allows", async () => {
    // The default budget: 10 records of choices per address per 10 minutes.
    const site = await serve(parseConfig({}));
    const answers = [];
    for (let i = 0; i < 13; i++) answers.push(await reject({}, site.url));
    expect(answers.map((r) => r.status)).toEqual(Array(13).fill(200));
    for (const res of answers) {
      expect(setCookies(res).slice(0, 2)).toEqual(["cookieconsent_status=1", "cookieanalytcs_status=0"]);
      expect(recordCookie(res)).toMatch(/^[0-9a-f-]{36}\.1$/);
      expect(((await res.json()) as { consent: ConsentState }).consent).toMatchObject({
        decided: true,
        analytics: false,
      });
    }
    expect(await rows()).toHaveLength(10);
    // A grant is refused while its record cannot be written: no consent without its proof.
    const accept = await post({ choice: "accept-all" }, {}, site.url);
    expect(accept.status).toBe(429);
    expect(Number(accept.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(accept.headers.getSetCookie()).toEqual([]);
    expect(await rows()).toHaveLength(10);
  });

  it("limits the records of one consent id, whatever its address's budget", async () => {
    const first = await reject();
    const id = recordCookie(first)?.split(".")[0];
    const cookie = cookieHeader(first);
    const more = [];
    for (let i = 0; i < RECORDS_PER_CONSENT_ID + 1; i++) more.push(await reject({ Cookie: cookie }));
    expect(more.map((r) => r.status)).toEqual(Array(RECORDS_PER_CONSENT_ID + 1).fill(200));
    expectEach(more, (r) => recordCookie(r) === `${id}.${withProvider}`);
    // The first choice made the id (nothing spent from it); then 5 more records under it.
    expect((await rows()).filter((r) => r.consentId === id)).toHaveLength(1 + RECORDS_PER_CONSENT_ID);
    expect((await post({ choice: "accept-all" }, { Cookie: cookie })).status).toBe(429);
    // Another visitor of the same address is not held back by it.
    expect((await post({ choice: "accept-all" })).status).toBe(200);
    expect(await rows()).toHaveLength(2 + RECORDS_PER_CONSENT_ID);
  });

  it("writes at most one record a day of the signal from clients without a consent id, and gives them no id", async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await post({ signal: "gpc" }, { "Sec-GPC": "1" }));
    for (const res of answers) {
      expect(res.status).toBe(200);
      // No random-id cookie: the visitor has done nothing but send the signal.
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(((await res.json()) as { consent: ConsentState }).consent).toEqual({
        decided: false,
        analytics: false,
        gpc: true,
        recorded: false,
        pendingSignal: false,
      });
    }
    // The first choice of such a visitor (without JavaScript, the header) adds no second one.
    await reject({ "Sec-GPC": "1" });
    expect((await rows()).map((r) => [r.method, r.gpc])).toEqual([
      ["gpc", true],
      ["reject", true],
    ]);
    // Another client's signal is its own (the use case as the routers call it).
    const svc = testServices(database, config);
    for (const client of ["198.51.100.7", "198.51.100.7", "198.51.100.8"]) {
      const outcome = await recordConsent(svc, {
        post: { signal: "gpc" },
        cookieHeader: null,
        gpc: true,
        client,
      });
      expect(outcome.ok && outcome.value.setCookies).toEqual([]);
    }
    expect((await rows()).filter((r) => r.method === "gpc")).toHaveLength(3);
  });

  it("stores a refusal even when its record cannot be written now", async () => {
    const svc = testServices(database, config);
    const choose = (choice: "reject" | "accept-all") =>
      recordConsent(svc, {
        post: { choice, analytics: false },
        cookieHeader: null,
        gpc: false,
        client: "198.51.100.9",
      });
    // The records' table out of reach for a moment: the database refuses the insert.
    await database.db.execute(sql`alter table consent_records rename to consent_records_away`);
    try {
      const refused = await choose("reject");
      expect(refused.ok && refused.value.setCookies.map((c) => c.split(";")[0]).slice(0, 2)).toEqual([
        "cookieconsent_status=1",
        "cookieanalytcs_status=0",
      ]);
      // A grant without its record is no consent: it fails.
      await expect(choose("accept-all")).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table consent_records_away rename to consent_records`);
    }
    expect(await rows()).toEqual([]);
  });
});

describe("POST /api/consents: Global Privacy Control", () => {
  it("records the signal before the first choice of a browser that sends it (no JavaScript)", async () => {
    const res = await post({ choice: "reject" }, { "Sec-GPC": "1" });
    const id = recordCookie(res)?.split(".")[0];
    expect((await rows()).map((r) => [r.consentId, r.method, r.gpc])).toEqual([
      [id, "gpc", true],
      [id, "reject", true],
    ]);
  });

  it("wins over an earlier Accept All: analytics off, stored and recorded", async () => {
    const accept = await post({ choice: "accept-all" });
    const id = recordCookie(accept)?.split(".")[0];
    const cookie = cookieHeader(accept);
    // The browser reads the grant as waiting for the server while the signal is on.
    expect(readConsent(cookie, { revision: withProvider, gpc: true })).toMatchObject({
      analytics: false,
      pendingSignal: true,
    });
    const res = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { consent: ConsentState }).consent).toEqual({
      decided: true,
      analytics: false,
      gpc: true,
      recorded: true,
      pendingSignal: false,
    });
    expect(setCookies(res)).toEqual([
      "cookieconsent_status=1",
      "cookieanalytcs_status=0",
      "_st=",
      `cookieconsent_record=${id}.${withProvider}`,
    ]);
    expect((await rows()).map((r) => [r.consentId, r.method, r.analytics])).toEqual([
      [id, "accept-all", true],
      [id, "gpc", false],
    ]);
    // Stored as a refusal: the next page reads analytics off without asking the server.
    expect(readConsent(cookieHeader(res, cookie), { revision: withProvider, gpc: true })).toMatchObject({
      decided: true,
      analytics: false,
      pendingSignal: false,
    });
  });

  it("leaves an accept made under the signal standing: the visitor's own choice", async () => {
    // The header (no JavaScript), or the signal scripts see, sent with the choice.
    const ways: Array<[Record<string, string>, Record<string, unknown>]> = [
      [{ "Sec-GPC": "1" }, {}],
      [{}, { gpc: true }],
    ];
    for (const [headers, signal] of ways) {
      const accept = await post({ choice: "accept-all", ...signal }, headers);
      expect(((await accept.json()) as { consent: ConsentState }).consent.analytics).toBe(true);
      const res = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookieHeader(accept) });
      expect(((await res.json()) as { consent: ConsentState }).consent).toMatchObject({
        decided: true,
        analytics: true,
        pendingSignal: false,
      });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await rows()).filter((r) => r.method === "accept-all").map((r) => r.gpc)).toEqual([true, true]);
  });

  it("changes nothing for a stored refusal or an outdated choice", async () => {
    const refusal = await post({ choice: "reject" });
    const res = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookieHeader(refusal) });
    expect(res.headers.getSetCookie()).toEqual([]);
    await setRevision(2);
    const old = "cookieconsent_status=1; cookieanalytcs_status=1";
    const outdated = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: old });
    expect(((await outdated.json()) as { consent: ConsentState }).consent).toMatchObject({
      decided: false,
      analytics: false,
    });
    // Recorded once for this client without an id (its day's one), but no cookie.
    expect(outdated.headers.getSetCookie()).toEqual([]);
    expect((await rows()).map((r) => r.method)).toEqual(["reject", "gpc"]);
  });
});

describe("POST /api/consents: what the visitor read, and the players they always load", () => {
  const receiptOf = async (cookie: string) =>
    (
      (await (await fetch(`${api.url}/consents/receipt`, { headers: { Cookie: cookie } })).json()) as {
        records: Array<{ method: string; text: unknown; embeds: string[]; analytics: boolean }>;
      }
    ).records;

  it("keeps the banner's language and the version of its text in that language; older records say they came before", async () => {
    const fr = await post({ choice: "accept-all", lang: "fr" });
    const es = await post({ choice: "reject", lang: "es" });
    const again = await post({ choice: "reject", lang: "fr" }, { Cookie: cookieHeader(fr) });
    const [first, other, third] = await rows();
    expect([first?.language, other?.language, third?.language]).toEqual(["fr", "es", "fr"]);
    expect(first?.textVersion).toMatch(/^[0-9a-f]{8}$/);
    expect(other?.textVersion).toMatch(/^[0-9a-f]{8}$/);
    // Each language's wording has its own version; the same wording, the same version.
    expect(other?.textVersion).not.toBe(first?.textVersion);
    expect(third?.textVersion).toBe(first?.textVersion);
    expect(es.status).toBe(200);

    // A record made before languages and versions were kept.
    await database.db
      .update(consentRecords)
      .set({ language: null, textVersion: null })
      .where(eq(consentRecords.id, first!.id));
    expect((await receiptOf(cookieHeader(again, cookieHeader(fr)))).map((r) => r.text)).toEqual([
      "before versions",
      { language: "fr", version: first?.textVersion },
    ]);
  });

  it("records 'Always load' like a choice, under the visitor's consent id (given one if they had none), with the analytics choice in force", async () => {
    const accepted = await post({ choice: "accept-all", lang: "en" });
    const always = await post(
      { embed: "youtube", always: true, lang: "en" },
      { Cookie: cookieHeader(accepted) },
    );
    expect(always.status).toBe(200);
    // No cookie choice changes: nothing is set again.
    expect(always.headers.getSetCookie()).toEqual([]);
    const withdrawn = await post(
      { embed: "youtube", always: false, lang: "en" },
      { Cookie: cookieHeader(accepted) },
    );
    expect(withdrawn.status).toBe(200);
    expect((await receiptOf(cookieHeader(accepted))).map((r) => [r.method, r.analytics, r.embeds])).toEqual([
      ["accept-all", true, []],
      ["embed", true, ["youtube"]],
      ["embed", true, []],
    ]);

    // A visitor who made no choice in the banner: a consent id of their own, nothing else.
    const first = await post({ embed: "map", always: true, lang: "es" });
    expect(setCookies(first).map((c) => c.split("=")[0])).toEqual(["cookieconsent_record"]);
    expect(((await first.json()) as { consent: ConsentState }).consent).toMatchObject({
      decided: false,
      analytics: false,
    });
    expect((await receiptOf(cookieHeader(first))).map((r) => [r.method, r.embeds])).toEqual([
      ["embed", ["map"]],
    ]);
    // Junk: an unknown player, a missing choice.
    for (const junk of [
      { embed: "vimeo", always: true },
      { embed: "youtube" },
      { embed: "youtube", always: "yes" },
    ]) {
      const res = await post(junk);
      expect(res.status, JSON.stringify(junk)).toBe(400);
      expect(((await res.json()) as { messages: string[] }).messages.length).toBeGreaterThan(0);
    }
  });

  it("leaves an accept made under the signal standing when a player is then always loaded", async () => {
    const accept = await post({ choice: "accept-all", gpc: true });
    await post({ embed: "youtube", always: true }, { Cookie: cookieHeader(accept) });
    const res = await post({ signal: "gpc" }, { "Sec-GPC": "1", Cookie: cookieHeader(accept) });
    expect(((await res.json()) as { consent: ConsentState }).consent).toMatchObject({ analytics: true });
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
    expect(receipt.records.map((r) => [r.method, r.analytics, r.revision, r.gpc, r.signedIn])).toEqual([
      ["gpc", false, 1, true, false],
      ["accept-all", true, 1, true, false],
      ["withdrawal", false, 1, false, false],
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
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: false,
        method: "reject",
        createdAt: at(37),
      },
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: false,
        method: "reject",
        createdAt: at(36, -1),
      },
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: true,
        method: "accept-all",
        createdAt: at(36, 1),
      },
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: false,
        method: "withdrawal",
        createdAt: at(1),
      },
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
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: false,
        method: "reject",
        createdAt: addMonths(new Date(), -13),
      },
      {
        consentId,
        revision: 1,
        effectiveRevision: "1",
        analytics: false,
        method: "reject",
        createdAt: addMonths(new Date(), -11),
      },
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
