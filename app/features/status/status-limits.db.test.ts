import fs from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import YAML from "yaml";
import { siteSettings } from "~/features/content/tables";
import { studioFileSchema } from "~/features/studio/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { TOO_MANY_REQUESTS } from "~/platform/http/rate-limit.server";
import { requestInfoContext, servicesContext } from "~/platform/request-context";
import type { Services } from "~/platform/services.server";
import { loader as statusLoader } from "~/routes/status";
import { action as downloadAction } from "~/routes/status-download";
import { action as requestAction } from "~/routes/status-request";
import { testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";

/**
 * The status pages' rate limits (docs/requirements.md#status-pages: "rate-limited"), through the
 * routes' own loader and actions and the site's real limiter: opening a status link spends the
 * page budget (the `api` tier), asking for lost links and downloading spend a form's budget
 * (the `form` tier), each per client; past it, the site's refusal (429, Retry-After).
 */
const publicUrl = "https://studio.example";
const badToken = "x".repeat(43);
let database: Database;
let services: Services;

beforeAll(async () => {
  database = await createTestDatabase();
  const studio = studioFileSchema.parse(
    YAML.parse(fs.readFileSync(path.join(testContent, "studio.yaml"), "utf8")),
  );
  await database.db.insert(siteSettings).values({ key: "studio", value: studio });
  // Small budgets, so a test reaches them in a few requests.
  const config = parseConfig({
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_API_POINTS: "3",
    RATE_LIMIT_FORM_POINTS: "2",
  });
  services = testServices(database, config);
});

afterAll(async () => {
  await database?.close();
});

/** What React Router hands a loader or action for this request, from this client. */
function args(address: string, params: Record<string, string>, clientIp: string, body?: URLSearchParams) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, { nonce: "n", requestId: "r", clientIp });
  const url = new URL(address, publicUrl);
  const request = new Request(url, body ? { method: "POST", body, headers: { Origin: publicUrl } } : {});
  return { request, url, params, context, pattern: "", unstable_pattern: "" } as never;
}

/** What a loader or action answered or threw, as a status code (a refusal carries its own). */
async function outcome(run: () => Promise<unknown>) {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, answer };
  const init = (answer as { init?: ResponseInit | null })?.init;
  return { status: init?.status ?? 200, answer };
}

/** Fails unless this is the site's refusal of a client over its budget. */
function expectRefusal(answer: unknown) {
  const { data, init } = answer as { data: unknown; init: ResponseInit };
  expect(init.status).toBe(429);
  expect(data).toEqual({ messages: [TOO_MANY_REQUESTS] });
  expect(Number(new Headers(init.headers).get("Retry-After"))).toBeGreaterThan(0);
}

describe("the status pages' rate limits", () => {
  it("a status link opens until the client's page budget is spent, then the site refuses; another client still gets in", async () => {
    const open = (ip: string) =>
      outcome(() => statusLoader(args(`/status/${badToken}`, { token: badToken }, ip)));
    for (let i = 0; i < 3; i++) expect((await open("203.0.113.7")).status).toBe(404);
    const refused = await open("203.0.113.7");
    expect(refused.status).toBe(429);
    expectRefusal(refused.answer);
    expect((await open("203.0.113.8")).status).toBe(404);
  });

  it("the lost-link form answers until the client's form budget is spent, then refuses", async () => {
    const ask = () =>
      outcome(() =>
        requestAction(
          args("/status", {}, "198.51.100.4", new URLSearchParams({ email: "nobody@example.com" })),
        ),
      );
    for (let i = 0; i < 2; i++) expect((await ask()).status).toBe(303);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expectRefusal(refused.answer);
  });

  it("Download my data answers until the client's form budget is spent, then refuses", async () => {
    const download = () =>
      outcome(() =>
        downloadAction(
          args(`/status/${badToken}/download`, { token: badToken }, "198.51.100.9", new URLSearchParams()),
        ),
      );
    for (let i = 0; i < 2; i++) expect((await download()).status).toBe(404);
    const refused = await download();
    expect(refused.status).toBe(429);
    expectRefusal(refused.answer);
  });
});
