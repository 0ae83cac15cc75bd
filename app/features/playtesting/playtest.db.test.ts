import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import YAML from "yaml";
import { siteSettings } from "~/features/content/tables";
import { officeFileSchema } from "~/features/offices/index.server";
import { offices } from "~/features/offices/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database, Db } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { hashLinkToken } from "~/platform/security/link-token.server";
import { serveApi, testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createPlaytestApi } from "./playtest-api.server";
import { playtestSiteFileSchema } from "./playtest-site-kind.server";
import { inviteToSession } from "./playtest-status.server";
import { signupSchemaInput } from "./playtest-test-data";
import { listSignups } from "./selection.server";
import { purgeExpiredSignups, removeSignup, SignupRefused, signUpPlaytester } from "./signup.server";
import { playtestSignupSchema } from "./signup-form";
import { surveyDefinitionSchema } from "./survey-schema";
import { playtestSignups, playtestSites, surveyResponses, surveys } from "./tables";

const readYaml = (file: string) => YAML.parse(fs.readFileSync(path.join(testContent, file), "utf8"));

let database: Database;
let db: Db;
let server: Awaited<ReturnType<typeof serveApi>>;
let base: string;
const config = parseConfig({ PUBLIC_URL: "https://stormkettle.example", RATE_LIMIT_FORM_POINTS: "1000" });

/** The studio's own content for what playtesting reads: studio, offices, sites and survey. */
async function seed(db: Db) {
  await db
    .insert(siteSettings)
    .values({ key: "studio", value: studioFileSchema.parse(readYaml("studio.yaml")) });
  for (const slug of ["gent", "quebec", "barcelona", "warsaw", "kuala-lumpur"]) {
    const o = officeFileSchema.parse(readYaml(`offices/${slug}.yaml`));
    await db.insert(offices).values({ ...o, slug, email: o.email ?? null, phone: o.phone ?? null });
  }
  for (const slug of ["gent", "quebec", "barcelona", "warsaw", "selangor"]) {
    const s = playtestSiteFileSchema.parse(readYaml(`playtests/${slug}.yaml`));
    await db
      .insert(playtestSites)
      .values({ slug, office: s.office, name: s.name, sessions: s.sessions, sort: s.sort });
  }
  const definition = surveyDefinitionSchema.parse(readYaml("surveys/playtester.yaml"));
  await db.insert(surveys).values({ code: "playtester", definition });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  server = await serveApi(createPlaytestApi(testServices(database, config)));
  base = server.url;
});

afterAll(async () => {
  await server?.close();
  await database?.close();
});

beforeEach(async () => {
  await db.delete(playtestSignups);
  await db.delete(outboxEmails);
});

const signUp = (overrides: Record<string, unknown> = {}, now = new Date("2026-11-22T12:00:00Z")) =>
  signUpPlaytester({ db, config }, playtestSignupSchema.parse({ ...signupSchemaInput, ...overrides }), {
    lang: "fr",
    now,
  });

describe("GET /api/open/office-playtests/{locale}", () => {
  it("lists every site with its office and current playtests, in the language asked", async () => {
    const res = await fetch(`${base}/open/office-playtests/fr`);
    expect(res.status).toBe(200);
    const sites = await res.json();
    expect(sites.map((s: { slug: string }) => s.slug)).toEqual([
      "gent",
      "quebec",
      "barcelona",
      "warsaw",
      "selangor",
    ]);
    const quebec = sites[1];
    expect(quebec.name).toBe("Québec (Canada)");
    expect(quebec.office.slug).toBe("quebec");
    expect(quebec.playtests[0]).toMatchObject({
      kind: "focus-group",
      status: "open",
      startsOn: "2094-01-23",
    });
    expect(quebec.playtests[0].title).toMatch(/Groupe de discussion/);
    expect(sites[4]).toMatchObject({
      name: "Selangor (Malaisie)",
      office: { slug: "kuala-lumpur" },
      playtests: [],
    });
    expect(sites[0].playtests[0]).toMatchObject({ kind: "extended", status: "full" });
  });

  it("refuses an unknown locale with 400 messages", async () => {
    const res = await fetch(`${base}/open/office-playtests/de`);
    expect(res.status).toBe(400);
    expect((await res.json()).messages.length).toBeGreaterThan(0);
  });
});

describe("GET /api/contact-surveys/code/playtester", () => {
  it("answers the definition as a JSON string in config", async () => {
    const res = await fetch(`${base}/contact-surveys/code/playtester`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(typeof body.config).toBe("string");
    const config = JSON.parse(body.config);
    const questions = config.steps.flatMap((s: { questions: unknown[] }) => s.questions);
    const types = new Set(questions.map((q: { type: string }) => q.type));
    expect([...types].sort()).toEqual(["games", "multiple", "scale", "single", "text"]);
    const games = questions.find((q: { type: string }) => q.type === "games");
    expect(games.options[0]).toEqual({
      id: "ashenCovenant",
      name: "Ashen Covenant",
      icon: { url: "/images/art/games/ashen-covenant/thumb-160.jpg" },
    });
    expect(config.title).toEqual({ en: expect.any(String), fr: expect.any(String), es: expect.any(String) });
  });

  it("is a 404 with messages for an unknown survey", async () => {
    const res = await fetch(`${base}/contact-surveys/code/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ messages: ["Not found"] });
  });
});

describe("sign-up", () => {
  it("stores the sign-up with hashed one-time tokens and queues the confirmation e-mail", async () => {
    const { id, surveyToken } = await signUp();
    expect(Buffer.from(surveyToken, "base64url").length).toBeGreaterThanOrEqual(16);
    const [row] = await db.select().from(playtestSignups).where(eq(playtestSignups.id, id));
    expect(row).toMatchObject({
      site: "quebec",
      phone: "+14185550134",
      dateOfBirth: "1990-04-30",
      language: "fr",
    });
    expect(row!.surveyTokenHash).toBe(hashLinkToken(surveyToken));
    expect(JSON.stringify(row)).not.toContain(surveyToken);
    expect(row!.expiresAt.toISOString()).toBe("2027-11-22T12:00:00.000Z");
    const [mail] = await db.select().from(outboxEmails);
    expect(mail).toMatchObject({ kind: "playtest-signup", to: "lea@example.com" });
    expect(mail!.text).toContain(`https://stormkettle.example/fr/playtesting/survey?token=${surveyToken}`);
    expect(mail!.text).toMatch(/https:\/\/stormkettle\.example\/fr\/playtesting\/remove\?token=[\w-]{43}/);
    expect(mail!.text).toContain("12");
  });

  it("accepts an 18th birthday on the sign-up day and refuses the day before it, storing nothing", async () => {
    const birthday = new Date("2026-04-30T09:00:00Z");
    await expect(signUp({}, birthday)).resolves.toBeDefined();
    await db.delete(playtestSignups);
    await db.delete(outboxEmails);
    const input = { dateOfBirth: { year: "2008", month: "4", day: "30" } };
    await expect(signUp(input, new Date("2026-04-30T00:00:00Z"))).resolves.toBeDefined();
    await db.delete(playtestSignups);
    await db.delete(outboxEmails);
    await expect(signUp(input, new Date("2026-04-29T23:59:59Z"))).rejects.toEqual(
      new SignupRefused("underage"),
    );
    expect(await db.select().from(playtestSignups)).toEqual([]);
    expect(await db.select().from(outboxEmails)).toEqual([]);
  });

  it("removes a sign-up, its answers and e-mails with the removal token, and purges expired ones", async () => {
    await signUp();
    const [mail] = await db.select().from(outboxEmails);
    const token = /remove\?token=([\w-]+)/.exec(mail!.text!)![1]!;
    expect(await removeSignup({ db, config }, "wrong")).toBe(false);
    expect(await removeSignup({ db, config }, token)).toBe(true);
    expect(await db.select().from(playtestSignups)).toEqual([]);
    // Its confirmation carried its removal and survey links: it goes with it.
    expect(await db.select().from(outboxEmails)).toEqual([]);

    await signUp({}, new Date("2025-01-10T00:00:00Z"));
    const kept = await signUp({}, new Date("2025-12-10T00:00:00Z"));
    expect(await purgeExpiredSignups({ db, config }, new Date("2026-01-11T00:00:00Z"))).toBe(1);
    expect(await db.select().from(playtestSignups)).toHaveLength(1);
    // The expired sign-up's confirmation went with it; the kept one's is there.
    expect(await db.select({ item: outboxEmails.itemId }).from(outboxEmails)).toEqual([{ item: kept.id }]);
  });
});

describe("POST /api/contact-surveys/submit/playtester", () => {
  const valid = {
    hoursPerWeek: "from5to15",
    platforms: ["pc", "switch"],
    gamesPlayed: ["tidebound"],
    experience: 4,
    favouriteGame: "Outer Wilds, for the mystery.",
  };
  const submit = (body: unknown) =>
    fetch(`${base}/contact-surveys/submit/playtester`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("stores valid answers once per token", async () => {
    const { id, surveyToken } = await signUp({}, new Date());
    const res = await submit({ token: surveyToken, answers: valid });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(surveyResponses).where(eq(surveyResponses.signupId, id));
    expect(row!.answers).toEqual(valid);
    const again = await submit({ token: surveyToken, answers: valid });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ messages: ["SURVEY_TOKEN_INVALID"] });
  });

  it("refuses junk with 400 messages and stores nothing", async () => {
    const { surveyToken } = await signUp({}, new Date());
    const cases: Array<[unknown, string[]]> = [
      [{ token: surveyToken, answers: { ...valid, shoeSize: "42" } }, ["shoeSize: UNKNOWN_QUESTION"]],
      [{ token: surveyToken, answers: { ...valid, hoursPerWeek: undefined } }, ["hoursPerWeek: REQUIRED"]],
      [{ token: surveyToken, answers: { ...valid, experience: "4" } }, ["experience: INVALID_TYPE"]],
      [{ token: surveyToken, answers: { ...valid, experience: 9 } }, ["experience: OUT_OF_RANGE"]],
      [{ token: surveyToken, answers: { ...valid, platforms: "pc" } }, ["platforms: INVALID_TYPE"]],
      [{ token: surveyToken, answers: { ...valid, gamesPlayed: ["halo"] } }, ["gamesPlayed: INVALID_OPTION"]],
      [
        { token: surveyToken, answers: { ...valid, favouriteGame: "x".repeat(301) } },
        ["favouriteGame: TOO_LONG"],
      ],
    ];
    for (const [body, messages] of cases) {
      const res = await submit(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ messages });
    }
    for (const body of [
      "{oops",
      JSON.stringify({ answers: valid }),
      JSON.stringify({ token: surveyToken, answers: [] }),
    ]) {
      const res = await submit(body);
      expect(res.status).toBe(400);
      expect((await res.json()).messages.length).toBeGreaterThan(0);
    }
    const unknown = await submit({ token: "not-a-token", answers: valid });
    expect(unknown.status).toBe(403);
    expect(await db.select().from(surveyResponses)).toEqual([]);
  });
});

describe("selection (scripts/playtest-select.ts)", () => {
  it("lists and filters sign-ups with their answers, and invites by e-mail with the date and time", async () => {
    const answered = await signUp({ email: "answered@example.com" }, new Date());
    await submitSurveyFor(answered.surveyToken);
    const other = await signUp({ email: "other@example.com", location: "selangor" }, new Date());
    expect((await listSignups(db)).map((s) => s.email)).toEqual([
      "answered@example.com",
      "other@example.com",
    ]);
    const withAnswers = await listSignups(db, { answered: true });
    expect(withAnswers).toHaveLength(1);
    expect(withAnswers[0]!.answers).toMatchObject({ hoursPerWeek: "under5" });
    expect((await listSignups(db, { site: "selangor" })).map((s) => s.id)).toEqual([other.id]);
    expect(await listSignups(db, { minAge: 99 })).toEqual([]);

    const quebec = await signUp({ email: "quebec@example.com" }, new Date());
    await db.delete(outboxEmails);
    const sent = await inviteToSession({ db, config }, { id: quebec.id, at: "2094-01-23T09:30" });
    expect(sent).toMatchObject({ ok: true, to: "sessionInvited" });
    expect(sent.when).toContain("9 h 30 HNE");
    const [mail] = await db.select().from(outboxEmails);
    expect(mail).toMatchObject({ kind: "playtest-invitation", to: "quebec@example.com" });
    expect(mail!.text).toContain("9 h 30");
    expect(mail!.text).toContain("Québec");
    expect((await listSignups(db, { invited: false })).map((s) => s.id)).toEqual([answered.id, other.id]);
    expect(await inviteToSession({ db, config }, { id: quebec.id, at: "tomorrow" })).toEqual({
      ok: false,
      code: "badTime",
    });
    // Selangor has no session yet: nothing to invite to.
    expect(await inviteToSession({ db, config }, { id: other.id, at: "2027-02-10T09:30" })).toEqual({
      ok: false,
      code: "noSession",
    });
    expect(await inviteToSession({ db, config }, { id: answered.id, at: "2027-02-30T09:30" })).toEqual({
      ok: false,
      code: "badTime",
    });
  });
});

async function submitSurveyFor(token: string) {
  const res = await fetch(`${base}/contact-surveys/submit/playtester`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      token,
      answers: { hoursPerWeek: "under5", platforms: ["pc"], experience: 2, favouriteGame: "Tetris" },
    }),
  });
  expect(res.status).toBe(200);
}
