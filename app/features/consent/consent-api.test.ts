import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { apiErrorHandler } from "~/platform/http/errors.server";
import type { Services } from "~/platform/services.server";
import { createConsentApi } from "./consent-api.server";
import type { ConsentSettings } from "./consent-settings.server";

let server: ReturnType<express.Express["listen"]>;
let base: string;

beforeAll(async () => {
  const config = parseConfig({
    ANALYTICS_SCRIPT_URL: "https://stats.example.net/script.js",
    ANALYTICS_COOKIE_NAMES: "_st",
  });
  const app = express();
  app.use("/api", express.json(), createConsentApi({ config } as Services), apiErrorHandler);
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe("GET /api/configs/consents", () => {
  it("describes the cookies, their lifetime and the categories, in English by default", async () => {
    const res = await fetch(`${base}/configs/consents`);
    expect(res.status).toBe(200);
    const settings = (await res.json()) as ConsentSettings;
    expect(settings.cookies).toEqual({ consent: "cookieconsent_status", analytics: "cookieanalytcs_status" });
    expect(settings.values).toEqual({ granted: "1", denied: "0" });
    expect(settings.maxAgeDays).toBe(90);
    expect(settings.categories.map((c) => [c.id, c.required, c.label])).toEqual([
      ["necessary", true, "Strictly necessary"],
      ["analytics", false, "Analytics"],
    ]);
    expect(settings.categories[1]?.cookies).toEqual(["_st"]);
    expect(settings.analytics).toEqual({
      firstParty: true,
      provider: { configured: true, origin: "https://stats.example.net" },
    });
  });

  it("labels the categories in the requested language", async () => {
    const fr = (await (await fetch(`${base}/configs/consents?lang=fr`)).json()) as ConsentSettings;
    expect(fr.categories[0]?.label).toBe("Strictement nécessaires");
    const es = (await (await fetch(`${base}/configs/consents?lang=es`)).json()) as ConsentSettings;
    expect(es.categories[1]?.label).toBe("Analítica");
  });

  it("refuses an unsupported language with 400 messages", async () => {
    const res = await fetch(`${base}/configs/consents?lang=de`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { messages: string[] }).messages.length).toBe(1);
  });
});

describe("POST /api/consents", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/consents`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("Accept All stores both cookies at 1", async () => {
    const res = await post({ choice: "accept-all" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ consent: { decided: true, analytics: true } });
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => c.split(";")[0])).toEqual([
      "cookieconsent_status=1",
      "cookieanalytcs_status=1",
    ]);
    expect(cookies.every((c) => c.includes("Max-Age=7776000") && c.includes("SameSite=Lax"))).toBe(true);
  });

  it("Confirm with the box unticked rejects and deletes the provider's cookies", async () => {
    const res = await post({ choice: "confirm", analytics: false });
    expect(await res.json()).toEqual({ consent: { decided: true, analytics: false } });
    const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    expect(cookies).toEqual(["cookieconsent_status=1", "cookieanalytcs_status=0", "_st="]);
  });

  it("refuses a junk body with 400 and a cross-site page with 403", async () => {
    expect((await post({ choice: "everything" })).status).toBe(400);
    const crossSite = await post({ choice: "accept-all" }, { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
  });
});
