import { hashLinkToken, newLinkToken } from "~/platform/security/link-token.server";
import type { Json } from "./inputs";
import type { Answer, FuzzSite } from "./site";

/**
 * Valid values for the samples, read from the loaded content or made through the site itself
 * (an account and its session, alerts, uploads, playtest sign-ups), so that valid-shaped bodies
 * reach the handlers and not only the validators.
 */
export type Fixtures = {
  url: string;
  jobId: string;
  officeSlug: string;
  taxonomy: { team: string; level: string; commitment: string };
  newsSlug: string;
  faqSlug: string;
  faqCategorySlug: string;
  faqId: string;
  gameSlug: string;
  /** A published known issue (content/known-issues) and its game. */
  knownIssue: { slug: string; game: string };
  pressKitSlug: string;
  pressFile: string;
  pressThumb: string;
  surveyCode: string;
  /** Valid answers to the survey, as the API takes them and as the page's form fields. */
  surveyAnswers: Record<string, Json>;
  surveyFields: Array<[string, string]>;
  /** One-time survey links: one for the API, one for the page. */
  surveyTokens: { api: string; page: string };
  alert: { id: string; token: string };
  /** An alert of its own for the endpoints that delete. */
  doomedAlert: { id: string; token: string };
  /** A job application's status link (the status page's loader and its withdrawal). */
  statusToken: string;
  /** A playtest sign-up's status link (invited to a session). */
  playtestStatusToken: string;
  resumeUpload: string;
  attachmentUpload: string;
  deletableUpload: { id: string; token: string };
  /** The signed-in visitor's Cookie header. */
  sessionCookie: string;
  account: { username: string; email: string };
  /**
   * Puts back what a request used up, so later requests reach the handlers again: the visitor's
   * session (logout is an endpoint too) and the one-time survey links. True when it rewrote rows.
   */
  restore(): Promise<boolean>;
};

export const accountPassword = "Kettle-Storm-42";

function cookiesOf(answer: Answer): string {
  const set = answer.headers["set-cookie"] ?? [];
  return set
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => /^[^=]+=./.test(pair))
    .join("; ");
}

async function expectStatus(answer: Promise<Answer>, ok: (status: number) => boolean, what: string) {
  const got = await answer;
  if (!ok(got.status)) throw new Error(`fixture ${what}: ${got.status} ${got.body.slice(0, 300)}`);
  return got;
}

const sqlText = (value: string) => `'${value.replaceAll("'", "''")}'`;

export async function prepareFixtures(site: FuzzSite): Promise<Fixtures> {
  const json = (path: string, body: unknown, extra: Record<string, string> = {}) =>
    site.send({
      method: "POST",
      target: path,
      headers: { "content-type": "application/json", origin: site.url, ...extra },
      body: JSON.stringify(body),
    });
  const form = (path: string, fields: Array<[string, string]>) =>
    site.send({
      method: "POST",
      target: path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
      body: new URLSearchParams(fields).toString(),
    });
  const one = async (text: string, what: string) => {
    const [row] = await site.query<{ v: string }>(text);
    if (row?.v === undefined) throw new Error(`fixture ${what}: nothing found (${text})`);
    return String(row.v);
  };
  const lastMail = (kind: string, pattern: RegExp) =>
    one(
      `select text as v from outbox_emails where kind like ${sqlText(`%${kind}%`)} order by created_at desc limit 1`,
      kind,
    ).then((text) => {
      const found = pattern.exec(text);
      if (!found) throw new Error(`fixture ${kind}: no ${pattern} in ${text.slice(0, 500)}`);
      return found;
    });

  // An application and its status link, written as the careers feature writes them (sending one
  // through the page takes a résumé upload and a bot check the fuzz site does not need here).
  const statusLink = async () => {
    const token = newLinkToken();
    const id = await one(
      `insert into job_applications (job_title, name, email, phone, language, expires_at)
       values ('Fuzz role', 'Ada Fuzz', 'fuzz.status@example.com', '+14185550134', 'en', now() + interval '1 year')
       returning id as v`,
      "application",
    );
    await site.query(
      `insert into status_links (token_hash, kind, item_id) values (${sqlText(hashLinkToken(token))}, 'application', ${sqlText(id)})`,
    );
    return token;
  };

  // A playtest sign-up invited to a session: its page offers confirm, "I can't make it" and the calendar file.
  const playtestStatusLink = async () => {
    const token = newLinkToken();
    const id = await one(
      `insert into playtest_signups (name, email, phone, site, date_of_birth, language, survey_token_hash,
         removal_token_hash, stage, session, session_at, session_starts_at, expires_at)
       values ('Ada Fuzz', 'fuzz.playtest@example.com', '+14185550134', 'quebec', '1990-04-12', 'en',
         ${sqlText(hashLinkToken(newLinkToken()))}, ${sqlText(hashLinkToken(newLinkToken()))}, 'sessionInvited',
         'quebec-lantern-focus-2094-01', '2094-01-23T09:00', '2094-01-23T14:00:00Z', now() + interval '1 year')
       returning id as v`,
      "playtest sign-up",
    );
    await site.query(
      `insert into status_links (token_hash, kind, item_id) values (${sqlText(hashLinkToken(token))}, 'playtest', ${sqlText(id)})`,
    );
    return token;
  };

  const officeSlug = await one("select slug as v from offices order by id limit 1", "office");
  const taxonomyOf = (kind: string) =>
    one(`select slug as v from taxonomy_terms where kind = '${kind}' order by slug limit 1`, kind);
  const taxonomy = {
    team: await taxonomyOf("team"),
    level: await taxonomyOf("level"),
    commitment: await taxonomyOf("commitment"),
  };
  const pressKitSlug = await one("select slug as v from press_kits order by slug limit 1", "press kit");
  const kit = (
    await expectStatus(
      site.send({ method: "GET", target: `/api/presses/${pressKitSlug}` }),
      (s) => s === 200,
      "press kit",
    )
  ).body;
  const fileOf = (folder: string) => {
    const found = new RegExp(`/press-kits/${pressKitSlug}/${folder}/([^"?]+)`).exec(kit);
    if (!found?.[1]) throw new Error(`fixture press ${folder}: none in ${kit.slice(0, 300)}`);
    return found[1];
  };

  // An account, verified, signed in: the session every account endpoint is sent with.
  const account = { username: "fuzz_visitor", email: "fuzz.visitor@example.com" };
  await expectStatus(
    json("/api/account/create", {
      ...account,
      password: accountPassword,
      confirmPassword: accountPassword,
      dateOfBirth: "1990-04-12",
      tos: true,
    }),
    (s) => s === 201,
    "account",
  );
  const [, verifyToken] = await lastMail("verify", /token=([\w-]+)/);
  await expectStatus(json("/api/account/validate", { token: verifyToken }), (s) => s === 200, "validate");
  const login = await expectStatus(
    json("/api/account/login", { identifier: account.username, password: accountPassword }),
    (s) => s === 200,
    "login",
  );
  const sessionCookie = cookiesOf(login);
  const userId = await one(
    `select id as v from account_users where username = ${sqlText(account.username)}`,
    "user",
  );
  const sessionRows = await site.query<{ r: unknown }>(
    `select row_to_json(s) as r from account_sessions s where user_id = ${sqlText(userId)}`,
  );
  const keepSession = async () => {
    const [alive] = await site.query<{ n: number }>(
      `select count(*)::int as n from account_sessions where user_id = ${sqlText(userId)}`,
    );
    if (Number(alive?.n) >= sessionRows.length) return false;
    for (const { r } of sessionRows) {
      const row = typeof r === "string" ? r : JSON.stringify(r);
      await site.query(
        `insert into account_sessions select * from json_populate_record(null::account_sessions, ${sqlText(row)}) on conflict do nothing`,
      );
    }
    return true;
  };
  const reopenSurveys = async () => {
    const [used] = await site.query<{ n: number }>(
      "select count(*)::int as n from playtest_signups where survey_used_at is not null",
    );
    if (!Number(used?.n)) return false;
    // As before the answer: a sign-up has one answer at most.
    await site.query("delete from survey_responses");
    await site.query("update playtest_signups set survey_used_at = null");
    return true;
  };

  // Job alerts, with the management link their e-mail carries.
  const makeAlert = async (name: string, email: string) => {
    await expectStatus(
      json("/api/open/office-job-subscriptions", {
        name,
        email,
        location: officeSlug,
        language: "en",
        newsletter: false,
      }),
      (s) => s === 202,
      "alert",
    );
    const [, id, token] = await lastMail("alert", /\/alerts\/manage\/([\w-]+)\/([\w-]+)/);
    return { id: id!, token: token! };
  };
  const alert = await makeAlert("Fuzz alert", "fuzz.alert@example.com");
  // Confirmed, so its page's other actions (stop, update, remove) reach their handlers.
  await expectStatus(
    form(`/alerts/manage/${alert.id}/${alert.token}`, [["intent", "confirm"]]),
    (s) => s >= 300 && s < 400,
    "alert confirmation",
  );
  const doomedAlert = await makeAlert("Doomed alert", "fuzz.doomed@example.com");

  const upload = async (name: string, type: string, content: string) => {
    const boundary = "fixtureBoundary";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
    );
    const answer = await expectStatus(
      site.send({
        method: "POST",
        target: "/api/uploads",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: site.url },
        body,
      }),
      (s) => s === 200,
      `upload ${name}`,
    );
    const stored = JSON.parse(answer.body) as { id: string; deleteUrl: string };
    return { id: stored.id, token: stored.deleteUrl.split("/").pop()! };
  };
  const pdf = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

  // Playtest sign-ups through the page, each e-mailing a one-time survey link.
  const signUp = async (email: string) => {
    await expectStatus(
      form("/playtesting", [
        ["name", "Fuzz Tester"],
        ["email", email],
        ["phone.country", "CA"],
        ["phone.number", "418 555 0134"],
        ["location", "quebec"],
        ["dateOfBirth.month", "4"],
        ["dateOfBirth.day", "12"],
        ["dateOfBirth.year", "1990"],
        ["over18", "on"],
        ["english", "on"],
        ["inPersonDay", "on"],
        ["nda", "on"],
        ["consent", "on"],
      ]),
      (s) => s < 400,
      "playtest sign-up",
    );
    const [, token] = await lastMail("playtest", /survey\?token=([\w-]+)/);
    return token!;
  };
  const surveyCode = await one("select code as v from surveys order by code limit 1", "survey");
  const definition = JSON.parse(
    (
      JSON.parse(
        (await site.send({ method: "GET", target: `/api/contact-surveys/code/${surveyCode}` })).body,
      ) as { config: string }
    ).config,
  ) as {
    steps: Array<{
      questions: Array<{ id: string; type: string; min?: number; options?: Array<{ id: string }> }>;
    }>;
  };
  const surveyAnswers: Record<string, Json> = {};
  const surveyFields: Array<[string, string]> = [];
  for (const question of definition.steps.flatMap((step) => step.questions)) {
    const answer: Json =
      question.type === "text"
        ? "Fine, thanks."
        : question.type === "scale"
          ? (question.min ?? 1)
          : question.type === "single"
            ? question.options![0]!.id
            : [question.options![0]!.id];
    surveyAnswers[question.id] = answer;
    for (const value of Array.isArray(answer) ? answer : [answer])
      surveyFields.push([`q.${question.id}`, String(value)]);
  }

  return {
    url: site.url,
    jobId: await one("select id as v from job_offers order by id limit 1", "job"),
    officeSlug,
    taxonomy,
    newsSlug: await one("select slug as v from news_articles order by id limit 1", "news"),
    faqSlug: await one("select slug as v from faq_items order by id limit 1", "faq"),
    faqCategorySlug: await one("select slug as v from faq_categories order by id limit 1", "faq category"),
    faqId: await one("select id as v from faq_items order by id limit 1", "faq id"),
    gameSlug: await one("select slug as v from games order by id limit 1", "game"),
    knownIssue: {
      slug: await one("select slug as v from known_issues order by slug limit 1", "known issue"),
      game: await one("select game as v from known_issues order by slug limit 1", "known issue's game"),
    },
    pressKitSlug,
    pressFile: fileOf("files"),
    pressThumb: fileOf("thumbs"),
    surveyCode,
    surveyAnswers,
    surveyFields,
    surveyTokens: { api: await signUp("fuzz.api@example.com"), page: await signUp("fuzz.page@example.com") },
    alert,
    doomedAlert,
    statusToken: await statusLink(),
    playtestStatusToken: await playtestStatusLink(),
    resumeUpload: (await upload("resume.pdf", "application/pdf", pdf)).id,
    attachmentUpload: (await upload("notes.txt", "text/plain", "Steps to reproduce: open the map.")).id,
    deletableUpload: await upload("draft.txt", "text/plain", "A draft to delete."),
    sessionCookie,
    account,
    restore: async () => [await keepSession(), await reopenSurveys()].some(Boolean),
  };
}
