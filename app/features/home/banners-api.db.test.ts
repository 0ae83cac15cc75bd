import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { Database } from "~/platform/db/client.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { Banner } from "./banners.server";
import { createBannersApi } from "./banners-api.server";

let database: Database;
let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  const app = express();
  app.use("/api", createBannersApi({ db: database.db }), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  vi.useRealTimers();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

type Answer = { lang: string; banners: Banner[] };

describe("GET /api/multibanners", () => {
  it("lists the banners showing now, in English by default, cacheable by anyone", async () => {
    vi.useFakeTimers({ now: new Date("2026-12-15T10:00:00Z"), toFake: ["Date"] });
    const res = await fetch(`${base}/multibanners`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await res.json()) as Answer;
    expect(body.lang).toBe("en");
    expect(body.banners.map((b) => [b.slug, b.title, b.link, b.linkLabel])).toEqual([
      ["01-now-hiring", "Seven studios are hiring", "/careers", "See open positions"],
      ["02-winter-playtests", "Winter playtests are open", "/playtesting", "Become a playtester"],
    ]);
  });

  it("answers in the language asked and leaves out banners outside their dates", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-12T10:00:00Z"), toFake: ["Date"] });
    const body = (await (await fetch(`${base}/multibanners?lang=es`)).json()) as Answer;
    expect(body.banners.map((b) => b.slug)).toEqual(["01-now-hiring", "03-tidebound-launch-week"]);
    expect(body.banners[1]).toMatchObject({
      title: "Semana de lanzamiento de Tidebound",
      link: null,
      linkLabel: null,
      endsAt: "2026-03-24T23:59:59.999Z",
    });
  });

  it("refuses an unknown language with a 400 naming the field", async () => {
    const res = await fetch(`${base}/multibanners?lang=de`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { messages: string[] };
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatch(/^lang: /);
  });
});
