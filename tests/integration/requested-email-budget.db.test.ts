import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import YAML from "yaml";
import { contactMessages } from "~/features/contact/tables";
import { siteSettings } from "~/features/content/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails } from "~/platform/db/schema";
import { createLogger } from "~/platform/logging.server";
import { requestInfoContext, servicesContext } from "~/platform/request-context";
import type { Services } from "~/platform/services.server";
import { action as privacyRequestAction } from "~/routes/privacy-requests";
import { action as statusRequestAction } from "~/routes/status-request";
import { testServices } from "../support/services";
import { testContent } from "../support/test-content";
import { createTestDatabase } from "../support/test-db";

/**
 * E-mails a visitor asks for to any address they type, the lost status links (`/status`) and
 * the data-rights link (`/privacy/requests`), through the pages' own actions and the site's
 * real limiter: at most 3 per address per hour whatever the client (the budget of
 * platform/mail/requested-email-budget.server.ts, shared by both forms), a throttled request
 * answered exactly as an accepted one, with no e-mail queued; another address keeps its own
 * budget, and each client's form budget still holds.
 */
const publicUrl = "https://studio.example";
const formPoints = 5;
let database: Database;
let services: Services;
/** How many requested e-mails the use cases left unsent, from their log lines. */
let throttled = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const studio = studioFileSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "studio.yaml"), "utf8")),
  );
  await database.db.insert(siteSettings).values({ key: "studio", value: studio });
  const logger = createLogger("silent");
  const info = logger.info.bind(logger);
  logger.info = ((fields: unknown, ...rest: unknown[]) => {
    if (typeof rest[0] === "string" && rest[0].startsWith("requested e-mail not sent")) throttled++;
    return (info as (...args: unknown[]) => void)(fields, ...rest);
  }) as typeof logger.info;
  const config = parseConfig({ PUBLIC_URL: publicUrl, RATE_LIMIT_FORM_POINTS: String(formPoints) });
  services = testServices(database, config, { logger });
});

afterAll(async () => {
  await database?.close();
});

/** Something tied to `email` that both e-mails link to: a contact message (a status page, personal data). */
async function tieTo(email: string) {
  await database.db.insert(contactMessages).values({
    category: "general",
    name: "Ada",
    email,
    subject: "Hello",
    message: "A message long enough.",
    language: "en",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

const forms = [
  { name: "lost status links", page: "/status", kind: "status-links", action: statusRequestAction },
  { name: "data-rights link", page: "/privacy/requests", kind: "privacy-link", action: privacyRequestAction },
] as const;
type Form = (typeof forms)[number];

/** The form posted with `email` from client `clientIp`, as React Router hands it to the action. */
function post(form: Form, email: string, clientIp: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { nonce: "n", requestId: "r", clientIp });
  const url = new URL(form.page, publicUrl);
  const request = new Request(url, {
    method: "POST",
    body: new URLSearchParams({ email }),
    headers: { Origin: publicUrl },
  });
  return form.action({ request, url, params: {}, context, pattern: "", unstable_pattern: "" } as never);
}

/** What the visitor sees of an answer: its status, where it sends them, the cookies (the flash) and the body. */
async function seen(run: () => Promise<unknown>) {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response)
    return {
      status: answer.status,
      location: answer.headers.get("Location"),
      // Expires is the clock's second, whoever asks: the one part two answers may differ in.
      cookies: answer.headers.getSetCookie().map((cookie) => cookie.replace(/Expires=[^;]+/, "Expires=…")),
      body: await answer.text(),
    };
  const { data, init } = answer as { data: unknown; init?: ResponseInit };
  return { status: init?.status ?? 200, data };
}

const queued = async (kind: string, to: string) =>
  (
    await database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, kind), sql`lower(${outboxEmails.to}) = lower(${to})`))
  ).length;

/**
 * Waits for the work the actions started and did not await: each request either queues its
 * e-mail or logs that it did not.
 */
async function settled(expected: number, count: () => Promise<number>) {
  await vi.waitFor(
    async () => {
      expect((await count()) + throttled).toBeGreaterThanOrEqual(expected);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe.each(forms)("the $name form", (form) => {
  it("4 requests for one address from 4 clients: 4 identical answers, 3 e-mails; another address still gets its own", async () => {
    const victim = `Victim.${form.kind}@Example.com`;
    const other = `other.${form.kind}@example.com`;
    await tieTo(victim.toLowerCase());
    await tieTo(other);
    throttled = 0;
    // The same address as each client typed it: case and spaces do not make a new budget.
    const spellings = [victim, victim.toLowerCase(), ` ${victim.toUpperCase()}`, victim];
    const answers = await Promise.all(
      spellings.map((email, i) => seen(() => post(form, email, `198.51.100.${10 + i}`))),
    );
    expect(answers[0]).toMatchObject({ status: 303, location: form.page });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    await settled(4, () => queued(form.kind, victim));
    expect(await queued(form.kind, victim)).toBe(3);
    expect(throttled).toBe(1);

    expect(await seen(() => post(form, other, "198.51.100.20"))).toEqual(answers[0]);
    await settled(5, async () => (await queued(form.kind, victim)) + (await queued(form.kind, other)));
    expect(await queued(form.kind, other)).toBe(1);
    expect(await queued(form.kind, victim)).toBe(3);
  });

  it("each client's form budget still holds: past it, the site refuses (429)", async () => {
    const ip = form.kind === "status-links" ? "203.0.113.50" : "203.0.113.51";
    for (let i = 0; i < formPoints; i++)
      expect((await seen(() => post(form, `client.${i}.${form.kind}@example.com`, ip))).status).toBe(303);
    const refused = await seen(() => post(form, `client.last.${form.kind}@example.com`, ip));
    expect(refused).toMatchObject({ status: 429, data: { messages: ["TOO_MANY_REQUESTS"] } });
  });
});

it("the two forms share one budget per address: 2 lost-link e-mails and 1 data-rights link, then nothing", async () => {
  const email = "shared.budget@example.com";
  await tieTo(email);
  throttled = 0;
  const [status, privacy] = forms;
  for (const [form, ip] of [
    [status, "192.0.2.1"],
    [status, "192.0.2.2"],
    [privacy, "192.0.2.3"],
    [privacy, "192.0.2.4"],
    [status, "192.0.2.5"],
  ] as const)
    expect((await seen(() => post(form, email, ip))).status).toBe(303);
  const both = async () => (await queued("status-links", email)) + (await queued("privacy-link", email));
  await settled(5, both);
  expect(await both()).toBe(3);
  expect(throttled).toBe(2);
});
