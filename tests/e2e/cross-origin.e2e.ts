import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { type Site, startSite } from "./support/harness";

/**
 * Cross-site request forgery, against the built server: a post another origin's page makes is
 * refused with 403 — an HTML page for the site's pages (React Router actions), JSON
 * `{ messages }` for the API — and "another origin" means another scheme, host or port than
 * PUBLIC_URL's. Posts from the site's own pages, with or without an Origin header, work.
 */

let site: Site;
let origin: URL;

beforeAll(async () => {
  site = await startSite({
    env: {
      RATE_LIMIT_FORM_POINTS: "1000000",
      RATE_LIMIT_API_POINTS: "1000000",
      // Behind one proxy: a forwarded scheme must not make another origin ours.
      HTTP_TRUST_PROXY: "1",
    },
  });
  origin = new URL(site.url);
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

/** The same host and port over https, and the same scheme and host on another port. */
const otherScheme = () => `https://${origin.host}`;
const otherPort = () => `${origin.protocol}//${origin.hostname}:${Number(origin.port) + 1}`;

const post = (path: string, headers: Record<string, string>, body: BodyInit = "choice=reject") =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });

const postJson = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

/** Every page address of the route config, its parameters filled in. */
function pagePaths(): string[] {
  type Entry = { path?: string; index?: boolean; children?: Entry[] };
  const walk = (entries: Entry[], parent: string): string[] =>
    entries.flatMap((e) => {
      const here = e.path ? [parent, e.path].filter(Boolean).join("/") : parent;
      return [...(e.path !== undefined || e.index ? [here] : []), ...walk(e.children ?? [], here)];
    });
  return walk(routes as Entry[], "").map(
    (pattern) => `/${pattern.replace(/^:lang\?\/?/, "fr/").replace(/:\w+\??|\*/g, "x")}`,
  );
}

describe("posts to pages from another origin", () => {
  it("every page answers 403 with an HTML page, before the action runs", async () => {
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(30);
    const answers = await Promise.all(
      paths.map(async (path) => {
        const res = await post(path, { Origin: "https://evil.example" });
        return {
          path,
          status: res.status,
          type: res.headers.get("content-type"),
          cookies: res.headers.getSetCookie(),
        };
      }),
    );
    expect(answers.filter((a) => a.status !== 403)).toEqual([]);
    expect(answers.filter((a) => !a.type?.startsWith("text/html"))).toEqual([]);
    // Nothing was stored: the consent form would set its cookies.
    expect(answers.flatMap((a) => a.cookies)).toEqual([]);
  });

  it("counts scheme, host and port: only PUBLIC_URL's origin may post", async () => {
    // Every combination of the site's and other schemes, hosts and ports (a small space: all of it).
    const origins = ["http:", "https:"].flatMap((scheme) =>
      [origin.hostname, "localhost", "evil.example"].flatMap((host) =>
        [origin.port, String(Number(origin.port) + 1), "80", "443"].map(
          (port) => new URL(`${scheme}//${host}:${port}`).origin,
        ),
      ),
    );
    const answers = await Promise.all(
      origins.map(async (from) => ({ from, status: (await post("/consent", { Origin: from })).status })),
    );
    expect(answers).toEqual(origins.map((from) => ({ from, status: from === origin.origin ? 303 : 403 })));
  });

  it("refuses another scheme even when a proxy says the request came over https", async () => {
    const res = await post("/consent", { Origin: otherScheme(), "X-Forwarded-Proto": "https" });
    expect(res.status).toBe(403);
  });

  it("refuses what the browser marks as cross-site, an opaque origin, and a foreign Referer", async () => {
    for (const headers of [
      { "Sec-Fetch-Site": "cross-site" } as Record<string, string>,
      { "Sec-Fetch-Site": "same-site", Origin: site.url },
      { Origin: "null" },
      { Referer: `${otherPort()}/contact` },
    ]) {
      const res = await post("/consent", headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
    }
  });

  it("shows the refusal in the page's language", async () => {
    const res = await post("/fr/contact", { Origin: "https://evil.example" });
    const html = await res.text();
    expect(res.status).toBe(403);
    expect(html).toContain('<html lang="fr-CA">');
    expect(html).toContain("Erreur 403");
  });

  it("keeps the site's own posts working, with or without Origin", async () => {
    for (const headers of [
      {} as Record<string, string>,
      { Origin: site.url },
      { Origin: site.url, "Sec-Fetch-Site": "same-origin" },
      { Referer: `${site.url}/fr/careers` },
    ]) {
      const res = await post("/consent", headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 303 });
      expect(res.headers.getSetCookie().join("; ")).toContain("cookieconsent_status=1");
    }
  });
});

describe("posts to the API from another origin", () => {
  it("the account API answers 403 with messages for another scheme or port, not for its own origin", async () => {
    const body = { identifier: "nobody_here", password: "Wrong-Pass-1" };
    for (const from of [otherScheme(), otherPort(), "https://evil.example", "null"]) {
      const res = await postJson("/api/account/login", { Origin: from }, body);
      expect({ from, status: res.status }).toEqual({ from, status: 403 });
      expect(await res.json()).toEqual({ messages: ["INVALID_PARAMETERS"] });
    }
    const own = await postJson("/api/account/login", { Origin: site.url }, body);
    expect(own.status).toBe(401);
  });

  it("the consent API refuses another scheme too", async () => {
    const res = await postJson("/api/consents", { Origin: otherScheme() }, { choice: "reject" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ messages: ["COOKIE_INVALID"] });
    expect((await postJson("/api/consents", { Origin: site.url }, { choice: "reject" })).status).toBe(200);
  });
});
