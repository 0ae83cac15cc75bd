import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import fc from "fast-check";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { foreignHost, hostileInputs, hostilePath } from "~/platform/http/redirect-test-data";
import routes from "~/routes";
import { accountPassword, createVerifiedAccount } from "./support/accounts";
import { type Site, startSite, waitForMailFile } from "./support/harness";
import { playtestSignupFields } from "./support/submissions";

/**
 * The redirect audit: every place the site answers 3xx, driven with inputs that try to make the
 * Location lead to another site (in the path and in every return parameter), against the real
 * built server. A Location counts by where a browser would go: resolved against the page.
 */

const steamEndpoint = "https://steam.invalid/openid/login";
let site: Site;
let session = "";
let managePath = "";
let alertId = "";
/** An application's status page, and a data-rights page (their links, read from the e-mails). */
let statusPath = "";
let privacyPath = "";
let jobId = 0;

type Answer = { status: number; location: string | null; setCookie: string[] };
type Init = {
  method?: string;
  headers?: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: FormData;
};

/**
 * One request with its path sent as a hostile link would carry it (backslashes and encodings
 * untouched; fetch() would normalize them). Node refuses spaces and control characters in a
 * request line, and browsers drop or encode them, so those go percent-encoded.
 */
async function send(target: string, init: Init = {}): Promise<Answer> {
  const { hostname, port } = new URL(site.url);
  const encoded = init.multipart
    ? new Response(init.multipart)
    : init.form
      ? new Response(new URLSearchParams(init.form))
      : init.json !== undefined
        ? new Response(JSON.stringify(init.json), { headers: { "content-type": "application/json" } })
        : undefined;
  const body = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: hostname,
        port,
        path: target.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c)),
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers: {
          ...(encoded && body
            ? { "content-type": encoded.headers.get("content-type") ?? "", "content-length": body.length }
            : {}),
          ...init.headers,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location ?? null,
            setCookie: res.headers["set-cookie"] ?? [],
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const isRedirect = (a: Answer) => [301, 302, 303, 307, 308].includes(a.status);

/**
 * The origin a browser on the site goes to when it follows the answer's Location (which page of
 * the site it was on changes the path, never the origin).
 */
function destination(a: Answer): string {
  try {
    return new URL(a.location ?? "", site.url).origin;
  } catch {
    return "unparseable";
  }
}

/** Requests of one probe, each with its answer: what the audit judges. */
class Probe {
  readonly sent: Array<{ target: string; answer: Answer }> = [];

  async send(target: string, init: Init = {}) {
    const answer = await send(target, init);
    this.sent.push({ target, answer });
    return answer;
  }

  /** Redirects that lead anywhere but the site (or one of the `elsewhere` origins). */
  offSite(elsewhere: string[] = []) {
    const allowed = [new URL(site.url).origin, ...elsewhere];
    return this.sent
      .filter(({ answer }) => isRedirect(answer))
      .filter(({ answer }) => !allowed.includes(destination(answer)))
      .map(({ target, answer }) => `${target} -> ${answer.status} ${answer.location}`);
  }

  redirects() {
    return this.sent.filter(({ answer }) => isRedirect(answer)).length;
  }
}

/** Runs `task` over `items`, a few at a time (the server has two cores to share). */
async function each<T>(items: readonly T[], task: (item: T) => Promise<unknown>, width = 4) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
    }),
  );
}

const q = (h: string) => encodeURIComponent(h);
const returnNames = ["returnTo", "return_to", "next", "redirect", "redirectTo", "continue", "url"];
/** Every name a return parameter goes by: none may steer a redirect off the site. */
const returnParams = (h: string) => returnNames.map((n) => `${n}=${q(h)}`).join("&");
const returnFields = (h: string) => Object.fromEntries(returnNames.map((n) => [n, h]));

/** A handful of the hostile inputs, for probes that cost a password hash or an account each. */
const sample = hostileInputs.filter((_, i) => i % 7 === 0);

const unique = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
const pdf = new Blob([Buffer.from("%PDF-1.4\n%%EOF\n")], { type: "application/pdf" });

type Entry = {
  /** Each run costs a password hash or a new account: driven with `sample` only. */
  costly?: boolean;
  /** Never answers a redirect (the audit checks that instead). */
  noRedirect?: boolean;
  /** Origins other than the site's that this file leads to on purpose. */
  elsewhere?: string[];
  run: (p: Probe, h: string) => Promise<unknown>;
};

/**
 * Every source file that can answer a redirect, with requests that reach its redirects. The
 * list is checked against the code ("every redirect site of the code is probed").
 */
const probes: Record<string, Entry> = {
  "app/routes/lang.tsx": {
    run: async (p, h) => {
      await p.send(`/en/${h}`);
      await p.send(`/en${/^[/\\]/.test(h) ? h : `/${h}`}`);
      await p.send(`/en/careers/${h}?${returnParams(h)}`);
      await p.send(`/en?${returnParams(h)}`);
    },
  },
  "app/routes/blog-feed.ts": {
    run: (p, h) => p.send(`/en/blog/feed.xml?${returnParams(h)}`),
  },
  "app/routes/careers-locations-single.tsx": {
    run: async (p, h) => {
      await p.send(`/es/careers/locations/${h}`);
      await p.send(`/es/careers/locations/${q(h)}`);
      await p.send(`/es/careers/locations/quebec?${returnParams(h)}`);
    },
  },
  "app/routes/press-kit.tsx": {
    run: async (p, h) => {
      await p.send(`/press/studio?${returnParams(h)}`);
      await p.send(`/fr/press/studio?${returnParams(h)}`);
    },
  },
  "app/routes/games.tsx": {
    run: async (p, h) => {
      await p.send(`/games?${returnParams(h)}`);
      await p.send(`/es/games?${returnParams(h)}`);
    },
  },
  "app/features/consent/consent.route.ts": {
    run: async (p, h) => {
      await p.send(`/consent?${returnParams(h)}`, { form: { choice: "reject", ...returnFields(h) } });
      await p.send(`/consent?${returnParams(h)}`);
    },
  },
  "app/routes/alerts-manage.tsx": {
    run: async (p, h) => {
      await p.send(`${managePath}?${returnParams(h)}`, { form: { intent: h, ...returnFields(h) } });
      await p.send(`${managePath}?${returnParams(h)}`, {
        form: { intent: "toggle", alertId, active: "on", ...returnFields(h) },
      });
    },
  },
  "app/routes/status.tsx": {
    // Withdrawn by the first probe; every later one is refused with a message, by a redirect too.
    run: (p, h) =>
      p.send(`${statusPath}?${returnParams(h)}`, { form: { intent: "withdraw", ...returnFields(h) } }),
  },
  "app/ui/forms/email-request.server.ts": {
    // The action of both pages that send a link by e-mail: lost status links and data rights.
    run: async (p, h) => {
      await p.send(`/status?${returnParams(h)}`, {
        form: { email: "nobody@example.com", ...returnFields(h) },
      });
      await p.send(`/fr/privacy/requests?${returnParams(h)}`, {
        form: { email: "nobody@example.com", ...returnFields(h) },
      });
    },
  },
  "app/routes/privacy-requests-token.tsx": {
    // An item that is not the address's: refused with a message, by a redirect to the page.
    run: (p, h) =>
      p.send(`${privacyPath}?${returnParams(h)}`, {
        form: { intent: "delete", kind: "none", id: "none", ...returnFields(h) },
      }),
  },
  "app/ui/feedback/flash.server.ts": {
    run: (p, h) =>
      p.send(`${managePath}?${returnParams(h)}`, { form: { intent: "confirm", ...returnFields(h) } }),
  },
  "app/routes/alerts.tsx": {
    run: (p, h) =>
      p.send(`/fr/alerts?${returnParams(h)}`, {
        form: { name: "Alerte", email: `${unique("alert")}@example.com`, language: "fr", ...returnFields(h) },
      }),
  },
  "app/routes/contact.tsx": {
    // The honeypot filled: answered as sent (the same redirect), nothing stored or e-mailed.
    run: (p, h) =>
      p.send(`/contact?${returnParams(h)}`, {
        form: {
          category: "general",
          name: "Ada",
          email: "ada@example.com",
          subject: "Redirects",
          message: "A message long enough to be sent.",
          consent: "on",
          website: "bot",
          ...returnFields(h),
        },
      }),
  },
  "app/routes/support-report.tsx": {
    run: (p, h) =>
      p.send(`/es/support/report?${returnParams(h)}`, {
        form: {
          category: "bug",
          game: "tidebound",
          platform: "windows",
          email: "ada@example.com",
          summary: "Redirects",
          description: "A description long enough to be sent.",
          consent: "on",
          website: "bot",
          ...returnFields(h),
        },
      }),
  },
  "app/routes/careers-single.tsx": {
    run: (p, h) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        name: "Ada",
        email: "ada@example.com",
        "phone.country": "CA",
        "phone.number": "418 555 0134",
        consent: "on",
        website: "bot",
        ...returnFields(h),
      }))
        form.append(name, value);
      form.append("resume", pdf, "cv.pdf");
      return p.send(`/careers/${jobId}?${returnParams(h)}`, { multipart: form });
    },
  },
  "app/routes/playtesting.tsx": {
    run: (p, h) =>
      p.send(`/playtesting?${returnParams(h)}`, {
        form: { ...playtestSignupFields("Ada", `${unique("play")}@example.com`), ...returnFields(h) },
      }),
  },
  "app/features/account/account-route.server.ts": {
    run: async (p, h) => {
      await p.send(`/account?${returnParams(h)}`);
      await p.send(`/fr/account/security?${returnParams(h)}`);
    },
  },
  "app/routes/account.tsx": {
    // Signing out needs no session: the post leads to the login page either way.
    run: (p, h) => p.send(`/es/account?${returnParams(h)}`, { form: { intent: h, ...returnFields(h) } }),
  },
  "app/routes/account-code.tsx": {
    run: (p, h) => p.send(`/account/code?${returnParams(h)}`),
  },
  "app/routes/account-forgot.tsx": {
    run: (p, h) =>
      p.send(`/fr/account/forgot?${returnParams(h)}`, { form: { identifier: h, ...returnFields(h) } }),
  },
  "app/routes/account-terms.tsx": {
    run: (p, h) =>
      p.send(`/account/terms?${returnParams(h)}`, { form: { accept: "on", ...returnFields(h) } }),
  },
  "app/routes/account-login.tsx": {
    costly: true,
    run: async (p, h) => {
      await p.send(`/account/login?${returnParams(h)}`, { headers: { Cookie: session } });
      await p.send(`/fr/account/login?${returnParams(h)}`, {
        form: { identifier: "redirect_probe", password: accountPassword, ...returnFields(h) },
      });
    },
  },
  "app/routes/account-create.tsx": {
    costly: true,
    run: (p, h) => {
      const name = unique("made");
      return p.send(`/account/create?${returnParams(h)}`, {
        form: {
          username: name,
          email: `${name}@example.com`,
          password: accountPassword,
          confirmPassword: accountPassword,
          "dateOfBirth.year": "1990",
          "dateOfBirth.month": "4",
          "dateOfBirth.day": "12",
          tos: "on",
          ...returnFields(h),
        },
      });
    },
  },
  "app/routes/account-verify.tsx": {
    costly: true,
    run: async (p, h) => {
      const name = unique("verify");
      const created = await send("/api/account/create", {
        json: {
          username: name,
          email: `${name}@example.com`,
          password: accountPassword,
          confirmPassword: accountPassword,
          dateOfBirth: "1990-04-12",
          tos: true,
        },
      });
      expect(created.status).toBe(201);
      const token = await tokenFromMail("account-verify", `${name}@example.com`);
      await p.send(`/account/verify?${returnParams(h)}`, { form: { token, ...returnFields(h) } });
    },
  },
  "app/routes/account-reset.tsx": {
    costly: true,
    run: async (p, h) => {
      const name = unique("reset");
      await createVerifiedAccount(site, { username: name, email: `${name}@example.com` });
      expect((await send("/api/account/forgot-password", { json: { identifier: name } })).status).toBe(200);
      const token = await tokenFromMail("account-reset", `${name}@example.com`);
      await p.send(`/es/account/reset?${returnParams(h)}`, {
        form: { token, password: "Harbor-Quill-58", confirmPassword: "Harbor-Quill-58", ...returnFields(h) },
      });
    },
  },
  "app/routes/account-delete.tsx": {
    costly: true,
    run: async (p, h) => {
      const name = unique("gone");
      await createVerifiedAccount(site, { username: name, email: `${name}@example.com` });
      await p.send(`/account/delete?${returnParams(h)}`, {
        headers: { Cookie: await signIn(name) },
        form: { password: accountPassword, ...returnFields(h) },
      });
    },
  },
  "app/routes/account-data.tsx": {
    // An item that is not the account's: refused with a message, by a redirect to the page.
    run: async (p, h) => {
      const headers = { Cookie: session };
      await p.send(`/account/data?${returnParams(h)}`, {
        headers,
        form: { intent: "status", kind: "application", id: h, ...returnFields(h) },
      });
      await p.send(`/fr/account/data?${returnParams(h)}`, {
        headers,
        form: { intent: "delete", kind: h, id: h, ...returnFields(h) },
      });
    },
  },
  "app/routes/account-platforms.tsx": {
    // Linking Steam leaves for Steam's sign-in page on purpose.
    elsewhere: [new URL(steamEndpoint).origin],
    run: async (p, h) => {
      const headers = { Cookie: session };
      await p.send(`/account/platforms?${returnParams(h)}`, {
        headers,
        form: { intent: "connect", platform: "steam", ...returnFields(h) },
      });
      await p.send(`/account/platforms?${returnParams(h)}`, {
        headers,
        form: { intent: h, platform: "steam", ...returnFields(h) },
      });
      await p.send(`/fr/account/platforms`, { headers, form: { intent: "disconnect", platform: h } });
    },
  },
  "app/features/platforms/platforms-api.server.ts": {
    // Signing in with Steam leaves for Steam's sign-in page on purpose.
    elsewhere: [new URL(steamEndpoint).origin],
    run: async (p, h) => {
      const html = { Accept: "text/html" };
      const started = await p.send(`/api/account/steam/login?${returnParams(h)}`, {
        headers: { ...html, Origin: site.url },
        json: { language: "fr", ...returnFields(h) },
      });
      const returnTo = new URL(started.location ?? steamEndpoint).searchParams.get("openid.return_to");
      const state = returnTo ? new URL(returnTo).searchParams.get("state") : null;
      const cookie = started.setCookie.map((c) => c.split(";")[0]).join("; ");
      // This browser's own sign-in, answered with a forged assertion: refused, back to the login page.
      await p.send(
        `/api/account/steam/callback?state=${q(state ?? h)}&openid.return_to=${q(h)}&${returnParams(h)}`,
        {
          headers: { ...html, Cookie: cookie },
        },
      );
      await p.send(`/api/account/steam/callback?state=${q(h)}&${returnParams(h)}`, {
        headers: { ...html, Cookie: `studio_platform_state=${q(h)}` },
      });
    },
  },
  "server/app.ts": {
    // Folders of the build are not pages: they answer no redirect at all.
    noRedirect: true,
    run: async (p, h) => {
      for (const folder of staticFolders().filter((f) => !f.includes("/"))) {
        await p.send(`/${h}/../${folder}`);
        await p.send(`/${h}${folder}`);
      }
    },
  },
  "server/public-files.ts": {
    // The build's assets, sent as their compressed copies where the build made them
    // (precompressedFiles): no redirect either, for a file, a folder or a malformed escape.
    noRedirect: true,
    run: async (p, h) => {
      await p.send(`/assets/${h}`);
      await p.send(`/assets/${h}/..`);
      await p.send(`/assets${h}`);
    },
  },
};

/** Folders of the built site's public files (express.static serves them). */
function staticFolders(): string[] {
  const client = path.join(inject("buildDir"), "client");
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(path.join(client, dir), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => [`${dir}${d.name}`, ...walk(`${dir}${d.name}/`)]);
  return walk("");
}

async function tokenFromMail(kind: string, to: string): Promise<string> {
  const mail = await simpleParser(await waitForMailFile(site, kind, to));
  const token = /token=([\w-]+)/.exec(mail.text ?? "")?.[1];
  expect(token).toBeDefined();
  return token!;
}

async function signIn(identifier: string): Promise<string> {
  const res = await fetch(`${site.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ identifier, password: accountPassword }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Every route's full path pattern, from the route config React Router builds the site with. */
function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    const own = entry.path !== undefined || entry.index ? [here] : [];
    return [...own, ...routePatterns(entry.children ?? [], here)];
  });
}

beforeAll(async () => {
  site = await startSite({
    env: {
      // Hundreds of posts from one client: a budget would answer 429 instead of the handler.
      RATE_LIMIT_FORM_POINTS: "1000000",
      RATE_LIMIT_API_POINTS: "1000000",
      PAGE_CACHE_TTL_SECONDS: "0",
      STEAM_OPENID_URL: steamEndpoint,
      MAIL_WORKER_INTERVAL_MS: "100",
    },
  });
  await createVerifiedAccount(site, { username: "redirect_probe", email: "redirect.probe@example.com" });
  session = await signIn("redirect_probe");
  const created = await fetch(`${site.url}/api/open/office-job-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Redirects", email: "alerts.probe@example.com", language: "fr" }),
  });
  expect(created.status).toBe(202);
  const mail = await simpleParser(await waitForMailFile(site, "alert", "alerts.probe@example.com"));
  const link = /https?:\/\/\S+?(\/fr\/alerts\/manage\/([0-9a-f-]{36})\/[\w-]{43})/.exec(mail.text ?? "");
  expect(link).not.toBeNull();
  managePath = link![1]!;
  alertId = link![2]!;
  // Confirmed, so the link's other forms (stop, remove, edit) answer too.
  expect((await send(managePath, { form: { intent: "confirm" } })).status).toBe(303);
  const jobs = (await (await fetch(`${site.url}/api/offices/job-offers?lang=en`)).json()) as {
    items: Array<{ id: number }>;
  };
  jobId = jobs.items[0]!.id;

  // A real application (no honeypot), for its status page.
  const application = new FormData();
  for (const [name, value] of Object.entries({
    name: "Ada",
    email: "status.probe@example.com",
    "phone.country": "CA",
    "phone.number": "418 555 0134",
    consent: "on",
  }))
    application.append(name, value);
  application.append("resume", pdf, "cv.pdf");
  expect((await send(`/careers/${jobId}`, { multipart: application })).status).toBe(303);
  const received = await simpleParser(
    await waitForMailFile(site, "job-application-received", "status.probe@example.com"),
  );
  statusPath = /https?:\/\/\S+?(\/(?:[a-z]{2}\/)?status\/[\w-]{43})/.exec(received.text ?? "")![1]!;

  // An address with an alert asks for its data-rights link.
  const privacyAlert = await fetch(`${site.url}/api/open/office-job-subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Privacy", email: "privacy.probe@example.com", language: "en" }),
  });
  expect(privacyAlert.status).toBe(202);
  expect((await send("/privacy/requests", { form: { email: "privacy.probe@example.com" } })).status).toBe(
    303,
  );
  const privacyMail = await simpleParser(
    await waitForMailFile(site, "privacy-link", "privacy.probe@example.com"),
  );
  privacyPath = /https?:\/\/\S+?(\/(?:[a-z]{2}\/)?privacy\/requests\/[\w-]{43})/.exec(
    privacyMail.text ?? "",
  )![1]!;
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

describe("redirect audit", { timeout: 600_000 }, () => {
  it("every redirect site of the code is probed", () => {
    const sources = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true, recursive: true })
        .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
        .map((d) => path.relative(process.cwd(), path.join(d.parentPath, d.name)));
    const redirecting = [...sources("app"), ...sources("server")].filter((file) =>
      /\bredirect(?:WithFlash|ToConfirmation)?\(|\bres\.redirect\(|["']Location["']|express\.static\(/.test(
        fs.readFileSync(file, "utf8"),
      ),
    );
    expect(redirecting.sort()).toEqual(Object.keys(probes).sort());
  });

  for (const [file, probe] of Object.entries(probes)) {
    it(`${file}: no hostile path or return parameter leads off the site`, async () => {
      const p = new Probe();
      await each(probe.costly ? sample : hostileInputs, (h) => probe.run(p, h), probe.costly ? 1 : 4);
      expect(p.offSite(probe.elsewhere)).toEqual([]);
      // The probe reached the file's redirects (or, for folders, that there are none).
      expect(p.redirects() > 0).toBe(!probe.noRedirect);
    });
  }

  it("answers no redirect for a folder of public files", async () => {
    const p = new Probe();
    const folders = staticFolders();
    await each(folders, async (folder) => {
      for (const shape of [
        `/${folder}`,
        `//${folder}`,
        `//${foreignHost}/../${folder}`,
        `/\\${foreignHost}/../${folder}`,
      ])
        await p.send(shape);
    });
    expect(folders).toContain("assets");
    expect(p.sent.map(({ answer }) => answer.status).filter((s) => s >= 300 && s < 400)).toEqual([]);
  });

  it("keeps every route's address on the site, whatever its parameters and language prefix", async () => {
    const p = new Probe();
    const patterns = routePatterns(routes).filter((r) => r.startsWith(":lang?"));
    const fill = (pattern: string, lang: string, h: string) =>
      `/${pattern.replace(/^:lang\?\/?/, lang ? `${lang}/` : "").replace(/:\w+\??|\*/g, h)}`;
    const requests = patterns.flatMap((pattern) => [
      ...hostileInputs.map((h) => `${fill(pattern, "en", h)}?${returnParams(h)}`),
      ...["", "fr", "es"].flatMap((lang) =>
        sample.slice(0, 3).map((h) => `${fill(pattern, lang, h)}?${returnParams(h)}`),
      ),
    ]);
    await each(requests, (r) => p.send(r));
    expect(patterns.length).toBeGreaterThan(30);
    expect(p.offSite()).toEqual([]);
    expect(p.redirects()).toBeGreaterThanOrEqual(patterns.length);
  });

  it("keeps generated paths and return parameters on the site", async () => {
    let redirects = 0;
    await fc.assert(
      fc.asyncProperty(hostilePath, async (h) => {
        const p = new Probe();
        await probes["app/routes/lang.tsx"]!.run(p, h);
        await probes["app/routes/careers-locations-single.tsx"]!.run(p, h);
        await probes["app/features/consent/consent.route.ts"]!.run(p, h);
        await p.send(`/\\${h}/../images`);
        redirects += p.redirects();
        expect(p.offSite()).toEqual([]);
      }),
      { numRuns: 150 },
    );
    expect(redirects).toBeGreaterThan(150);
  });
});
