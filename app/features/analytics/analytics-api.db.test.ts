import type { AddressInfo } from "node:net";
import { asc } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { createTestDatabase } from "../../../tests/support/test-db";
import { createAnalyticsApi } from "./analytics-api.server";
import { pageviewDay, purgeOldPageviews, recordPageview } from "./pageviews.server";
import { analyticsPageviews } from "./tables";

let database: Database;
let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const svc = {
    config: parseConfig({}),
    database,
    db: database.db,
    logger: createLogger("silent"),
  } as unknown as Services;
  // The same stack server/api.ts gives every router: JSON body parsing and JSON errors.
  const app = express();
  app.use("/api", express.json({ limit: "100kb" }), createAnalyticsApi(svc), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/analytics/pageview`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(analyticsPageviews);
});

const consented = "cookieconsent_status=1; cookieanalytcs_status=1";

function post(body: string, cookie?: string, type = "application/json") {
  return fetch(base, {
    method: "POST",
    headers: { "Content-Type": type, ...(cookie ? { Cookie: cookie } : {}) },
    body,
  });
}

async function rows() {
  return database.db
    .select()
    .from(analyticsPageviews)
    .orderBy(asc(analyticsPageviews.day), asc(analyticsPageviews.route));
}

describe("POST /api/analytics/pageview", () => {
  it("is refused without the analytics consent cookie, and stores nothing", async () => {
    for (const cookie of [
      undefined,
      "cookieconsent_status=1",
      "cookieconsent_status=1; cookieanalytcs_status=0",
    ]) {
      const res = await post(JSON.stringify({ route: "routes/home" }), cookie);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ messages: ["ANALYTICS_CONSENT_REQUIRED"] });
    }
    expect(await rows()).toEqual([]);
  });

  it("counts views per route and day", async () => {
    for (const route of ["routes/home", "routes/home", "careers-single", "routes/home"]) {
      const res = await post(JSON.stringify({ route }), consented);
      expect(res.status).toBe(204);
    }
    const today = pageviewDay(new Date());
    expect(await rows()).toEqual([
      { route: "careers-single", day: today, views: 1 },
      { route: "routes/home", day: today, views: 3 },
    ]);
  });

  it("keeps each day's count apart", async () => {
    await recordPageview(database.db, "routes/careers", new Date("2026-05-01T23:59:59Z"));
    await recordPageview(database.db, "routes/careers", new Date("2026-05-02T00:00:00Z"));
    await recordPageview(database.db, "routes/careers", new Date("2026-05-02T12:00:00Z"));
    expect(await rows()).toEqual([
      { route: "routes/careers", day: "2026-05-01", views: 1 },
      { route: "routes/careers", day: "2026-05-02", views: 2 },
    ]);
  });

  it("counts concurrent views without losing any", async () => {
    await Promise.all(
      Array.from({ length: 20 }, () => post(JSON.stringify({ route: "routes/contact" }), consented)),
    );
    expect((await rows())[0]?.views).toBe(20);
  });

  it("answers junk with 400 and messages, never a 5xx, and stores nothing", async () => {
    const junk: Array<[string, string?]> = [
      ["{not json"],
      ["[]"],
      ["{}"],
      [JSON.stringify({ route: "" })],
      [JSON.stringify({ route: 42 })],
      [JSON.stringify({ route: "/careers/123?email=someone@example.com" })],
      [JSON.stringify({ route: "x".repeat(101) })],
      [JSON.stringify({ route: "routes/home", url: "https://www.studio.example/?q=1" })],
      ["route=routes/home", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of junk) {
      const res = await post(body, consented, type);
      expect(res.status, body).toBe(400);
      const answer = (await res.json()) as { messages: string[] };
      expect(answer.messages.length, body).toBeGreaterThan(0);
    }
    expect(await rows()).toEqual([]);
  });
});

describe("retention", () => {
  it("deletes the counts older than the retention period, keeps the rest", async () => {
    const now = new Date("2026-06-30T10:00:00Z");
    await recordPageview(database.db, "routes/home", new Date("2026-06-29T10:00:00Z"));
    await recordPageview(database.db, "routes/home", new Date("2026-05-31T10:00:00Z"));
    await recordPageview(database.db, "routes/home", new Date("2026-05-30T10:00:00Z"));
    expect(await purgeOldPageviews(database.db, 30, now)).toBe(1);
    expect((await rows()).map((r) => r.day)).toEqual(["2026-05-31", "2026-06-29"]);
  });
});
