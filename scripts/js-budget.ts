// The JavaScript each page makes a browser load at once, gzip level 9, against a budget per kind
// of page. It starts the production build on an empty data folder, asks every page of
// app/routes.ts as a visitor does (account pages signed in, with an account made through the
// API) and sums the scripts the HTML loads: `<script src>`, `<link rel="modulepreload">`, what
// an inline module script imports, and what those modules import statically, each once, and the
// translation files the entry loads before the page hydrates (its language's, of the namespaces
// the page lists). Idle prefetches and the modules' other dynamic imports load later and are not
// counted; among them the parts of a page that hydrate after the rest, its forms (loaded at the
// page's first idle moment after hydrating: app/ui/hydrate-later.tsx, decision 0034).
//
//   npm run check:js -- [--build <dir>]      (default: $BUILD_DIR, else ./build)
//   npm run check:js -- --write-ceilings     (records today's figures as each page's ceiling)
//
// Exits 1 when a page is over its ceiling (scripts/js-ceilings.json), a page without a ceiling
// is over its budget, or a page cannot be measured. The budgets are the targets; while pages are
// still over them, each page's ceiling keeps it from growing (docs/decisions/0027).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import zlib from "node:zlib";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { init as lexerReady, parse as parseModule } from "es-module-lexer";
import { Parser } from "htmlparser2";
import { afterPaintModuleType, runningScriptTypes } from "../app/platform/http/page-scripts.server";
import {
  catalogFile,
  catalogTableFile,
  frameNamespaces,
  pageNamespacesElementId,
} from "../app/platform/i18n/frame-namespaces";
import { signIn } from "./lib/site-account";
import { startBuiltSite } from "./lib/site-process";

/**
 * Compressed bytes (1 KB = 1,000 bytes) of JavaScript a page may load. React, React DOM and
 * React Router alone come to about 110 KB (a hello world: bench/hello-rr). A public page is
 * most people's first visit, often on a phone: it gets little more than the framework for the
 * site's own code. Account pages carry heavier forms (second factor, linked platforms) and are
 * opened by people who came back on purpose.
 */
export const budgets = { public: 120_000, account: 150_000 } as const;

export type PageKind = keyof typeof budgets;

/** Where each page's ceiling (KB) is kept: what it loaded when last recorded, plus a little. */
export const ceilingsFile = path.join(import.meta.dirname, "js-ceilings.json");
/** Room above a recorded figure: a content or dependency change of a few hundred bytes passes. */
export const ceilingSlack = 1_000;
export type Ceilings = Record<string, number>;

/** What a page may load (bytes): its ceiling, or its kind's budget when it has none. */
export function ceilingOf(
  page: { path: string; kind: PageKind },
  ceilings: Ceilings,
  limits: Record<PageKind, number> = budgets,
): number {
  const ceiling = ceilings[page.path];
  return ceiling === undefined ? limits[page.kind] : ceiling * 1000;
}

/** The recorded ceilings (scripts/js-ceilings.json). */
export const readCeilings = (): Ceilings => JSON.parse(fs.readFileSync(ceilingsFile, "utf8"));

/** The pages over their ceiling, or over their budget when they have no ceiling. */
export function overCeiling<P extends { path: string; kind: PageKind; bytes: number }>(
  pages: readonly P[],
  ceilings: Ceilings,
  limits: Record<PageKind, number> = budgets,
): P[] {
  return pages.filter((page) => page.bytes > ceilingOf(page, ceilings, limits));
}

/** Today's figures as ceilings (KB, one decimal, slack included); pages within budget need none. */
export function ceilingsOf(pages: readonly { path: string; kind: PageKind; bytes: number }[]): Ceilings {
  return Object.fromEntries(
    pages
      .filter((page) => page.bytes > budgets[page.kind])
      .map((page) => [page.path, Math.ceil((page.bytes + ceilingSlack) / 100) / 10]),
  );
}
export type ScriptSize = { url: string; bytes: number };
export type PageJs = {
  path: string;
  kind: PageKind;
  signedIn: boolean;
  scripts: ScriptSize[];
  bytes: number;
};
export type Skipped = { path: string; reason: string };

const root = path.resolve(import.meta.dirname, "..");
// Inline module scripts: React Router's is served as a data block and run as a module once the
// page has painted (app/platform/http/page-scripts.server.ts); its imports load at once all the same.
const moduleTypes = new Set(["module", afterPaintModuleType]);

/** Scripts the HTML itself starts loading, as absolute URLs in document order, each once. */
export async function htmlScripts(html: string, pageUrl: string): Promise<string[]> {
  await lexerReady;
  const found: string[] = [];
  const inlineModules: string[] = [];
  let inlineModule: string | null = null;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "script") {
        const type = (attrs.type ?? "").trim().toLowerCase();
        if (!runningScriptTypes.has(type)) return;
        if (attrs.src) found.push(attrs.src);
        else if (moduleTypes.has(type)) inlineModule = "";
      } else if (name === "link" && attrs.href) {
        const rel = (attrs.rel ?? "").toLowerCase().split(/\s+/);
        if (rel.includes("modulepreload")) found.push(attrs.href);
      }
    },
    ontext(text) {
      if (inlineModule !== null) inlineModule += text;
    },
    onclosetag(name) {
      if (name === "script" && inlineModule !== null) {
        inlineModules.push(inlineModule);
        inlineModule = null;
      }
    },
  });
  parser.end(html);
  // An inline module runs as the page loads: its dynamic imports (React Router's entry) load now.
  for (const code of inlineModules) {
    const [imports] = parseModule(code);
    for (const specifier of imports) if (specifier.n) found.push(specifier.n);
  }
  return [...new Set(found.map((url) => new URL(url, pageUrl).href))];
}

/** The entry scripts and every module they import statically, transitively, each loaded once. */
export async function staticModuleGraph(
  entries: readonly string[],
  load: (url: string) => Promise<Buffer>,
): Promise<Map<string, Buffer>> {
  await lexerReady;
  const loaded = new Map<string, Buffer>();
  const queue = [...entries];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    if (loaded.has(url)) continue;
    const code = await load(url);
    loaded.set(url, code);
    let imports: ReturnType<typeof parseModule>[0];
    try {
      [imports] = parseModule(code.toString("utf8"));
    } catch (error) {
      throw new Error(`${url} is not JavaScript the lexer can read: ${String(error)}`);
    }
    // d === -1: a static import or re-export; dynamic imports (d >= 0) load on demand.
    for (const specifier of imports)
      if (specifier.d === -1 && specifier.n) queue.push(new URL(specifier.n, url).href);
  }
  return loaded;
}

export const gzipSize = (code: Buffer): number => zlib.gzipSync(code, { level: 9 }).length;

/** The page's language (`<html lang>`'s first part) and the namespaces PageNamespaces.tsx listed. */
export function pageTranslations(html: string): { lang: string; namespaces: string[] } {
  let lang = "";
  let listing = false;
  let listed = "";
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "html") lang = (attrs.lang ?? "").split("-")[0]?.toLowerCase() ?? "";
      listing = name === "script" && attrs.id === pageNamespacesElementId;
    },
    ontext(text) {
      if (listing) listed += text;
    },
    onclosetag() {
      listing = false;
    },
  });
  parser.end(html);
  const namespaces: unknown = listed ? JSON.parse(listed) : [];
  return { lang, namespaces: Array.isArray(namespaces) ? namespaces.map(String) : [] };
}

/**
 * Of the modules' dynamic imports, the translation files the site's entry loads before the page
 * hydrates (entry.client.tsx): in the page's language, its table of catalog files, the file of
 * the namespaces every page loads and one per other namespace the page lists. vite.config.ts
 * names them with `catalogTableFile` and `catalogFile`, then `-<hash>.js`, the hash 8
 * characters.
 */
export function translationFiles(
  page: { lang: string; namespaces: readonly string[] },
  dynamicImports: readonly string[],
): string[] {
  const wanted = new Set([
    catalogTableFile(page.lang),
    ...[...frameNamespaces, ...page.namespaces].map((ns) => catalogFile(page.lang, ns)),
  ]);
  return [
    ...new Set(
      dynamicImports.filter((url) => {
        const file = url.slice(url.lastIndexOf("/") + 1);
        return file.endsWith(".js") && wanted.has(file.slice(0, -".js".length - 9));
      }),
    ),
  ];
}

/** The specifiers a module imports dynamically, as absolute URLs (those written as a string). */
async function dynamicImportsOf(url: string, code: Buffer): Promise<string[]> {
  await lexerReady;
  const [imports] = parseModule(code.toString("utf8"));
  return imports.filter((s) => s.d >= 0 && s.n).map((s) => new URL(s.n as string, url).href);
}

/**
 * The scripts a page's HTML loads, with their gzip level 9 sizes, and their sum: with the
 * translation files its entry loads before hydrating, which the HTML does not name.
 */
export async function measureHtml(
  html: string,
  pageUrl: string,
  load: (url: string) => Promise<Buffer>,
): Promise<{ scripts: ScriptSize[]; bytes: number }> {
  const modules = await staticModuleGraph(await htmlScripts(html, pageUrl), load);
  const page = pageTranslations(html);
  // The entry imports the language's table, which imports the catalog files: followed until no
  // translation file is new.
  let fresh: Map<string, Buffer> = modules;
  while (fresh.size) {
    const dynamic = (await Promise.all([...fresh].map(([url, code]) => dynamicImportsOf(url, code)))).flat();
    const wanted = translationFiles(page, dynamic).filter((url) => !modules.has(url));
    fresh = await staticModuleGraph(wanted, load);
    for (const [url, code] of fresh) modules.set(url, code);
  }
  const scripts = [...modules].map(([url, code]) => ({ url, bytes: gzipSize(code) }));
  return { scripts, bytes: scripts.reduce((sum, script) => sum + script.bytes, 0) };
}

/** The pages over their kind's budget. */
export function overBudget<P extends { kind: PageKind; bytes: number }>(
  pages: readonly P[],
  limits: Record<PageKind, number> = budgets,
): P[] {
  return pages.filter((page) => page.bytes > limits[page.kind]);
}

/** A loader of same-origin scripts over HTTP, each fetched once (pages share most of them). */
export function scriptLoader(origin: string): (url: string) => Promise<Buffer> {
  const cache = new Map<string, Promise<Buffer>>();
  return (url) => {
    if (new URL(url).origin !== origin) throw new Error(`${url} is not on the site: it cannot be measured`);
    let loading = cache.get(url);
    if (!loading) {
      loading = fetch(url).then(async (res) => {
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        return Buffer.from(await res.arrayBuffer());
      });
      cache.set(url, loading);
    }
    return loading;
  };
}

/**
 * The page routes of app/routes.ts (leaves), in English (the optional language segment left
 * out). Pages render a component, so their modules are .tsx: .ts routes are resource routes
 * (the feed, the consent form's target) and the catch-all is the not-found page.
 */
export function pagePatterns(routes: readonly RouteConfigEntry[], parent = ""): string[] {
  const patterns: string[] = [];
  for (const entry of routes) {
    const segments = (entry.path ?? "").split("/").filter((s) => s && s !== ":lang?");
    const full = [parent, ...segments].filter(Boolean).join("/");
    if (entry.children?.length) patterns.push(...pagePatterns(entry.children, full));
    else if (entry.file.endsWith(".tsx") && !full.includes("*")) patterns.push(full);
  }
  return patterns;
}

const listed = (dir: string, pick: (name: string) => string | undefined = (name) => name): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map(pick)
        .filter((v): v is string => Boolean(v))
    : [];

/** Values to try, in order, for a route parameter: slugs from content/, job ids from the site. */
function sampleSources(contentDir: string, siteUrl: string): Record<string, () => Promise<string[]>> {
  const faqDir = path.join(contentDir, "faq");
  return {
    "careers/:id": async () => {
      const html = await (await fetch(`${siteUrl}/careers`)).text();
      return [...new Set([...html.matchAll(/href="\/careers\/(\d+)"/g)].map((m) => m[1]!))];
    },
    "careers/locations/:slug": async () =>
      listed(path.join(contentDir, "offices"), (f) => /^(.+)\.yaml$/.exec(f)?.[1]),
    "blog/:slug": async () => listed(path.join(contentDir, "news")),
    "press/:slug": async () => listed(path.join(contentDir, "press")),
    "games/:slug": async () => listed(path.join(contentDir, "games"), (f) => /^(.+)\.yaml$/.exec(f)?.[1]),
    "support/category/:slug": async () => listed(faqDir),
    "support/faq/:slug": async () =>
      listed(faqDir).flatMap((category) =>
        listed(path.join(faqDir, category), (f) => /^\d+-(.+)\.en\.md$/.exec(f)?.[1]),
      ),
  };
}

/** Pages whose address carries a token sent by e-mail: nothing to sample them from. */
const fromEmailsOnly = new Set(["alerts/manage/:id/:token", "status/:token", "privacy/requests/:token"]);

type Answer = { status: number; location: string | null; html: string };

async function askPage(url: string, cookie?: string): Promise<Answer> {
  const res = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    location: res.headers.get("location"),
    html: type.startsWith("text/html") ? await res.text() : "",
  };
}

/**
 * Every page of the site measured: public pages as an anonymous visitor, account pages signed
 * in (or signed out when they send a signed-in visitor away, like the login page). A page that
 * redirects either way, or needs a link from an e-mail, is listed as skipped.
 */
export async function measureSite(options: {
  url: string;
  dataDir: string;
  contentDir?: string;
}): Promise<{ pages: PageJs[]; skipped: Skipped[] }> {
  const { default: routes } = (await import(pathToFileURL(path.join(root, "app/routes.ts")).href)) as {
    default: RouteConfigEntry[];
  };
  const samples = sampleSources(options.contentDir ?? path.join(root, "content"), options.url);
  const load = scriptLoader(new URL(options.url).origin);
  const cookie = await signIn(options.url, path.join(options.dataDir, "mail"));
  const pages: PageJs[] = [];
  const skipped: Skipped[] = [];

  for (const pattern of pagePatterns(routes)) {
    const kind: PageKind = pattern === "account" || pattern.startsWith("account/") ? "account" : "public";
    const ask = async (pagePath: string) => {
      const url = `${options.url}${pagePath}`;
      if (kind === "public") return { answer: await askPage(url), signedIn: false };
      const signedIn = await askPage(url, cookie);
      if (signedIn.status < 300 || signedIn.status >= 400) return { answer: signedIn, signedIn: true };
      return { answer: await askPage(url), signedIn: false };
    };

    const param = /:[A-Za-z]+/.exec(pattern)?.[0];
    const source = samples[pattern];
    if (param && !source) {
      if (!fromEmailsOnly.has(pattern)) throw new Error(`/${pattern}: no sample values (see sampleSources)`);
      skipped.push({ path: `/${pattern}`, reason: "opened from a link in an e-mail only" });
      continue;
    }
    const candidates = param
      ? (await source!()).map((value) => `/${pattern.replace(param, value)}`)
      : [`/${pattern}`];
    let page: { path: string; answer: Answer; signedIn: boolean } | undefined;
    for (const candidate of candidates) {
      const asked = await ask(candidate);
      if (!param || asked.answer.status === 200) {
        page = { path: candidate, ...asked };
        break;
      }
    }
    if (!page) throw new Error(`no sample of /${pattern} answered 200 (${candidates.length} tried)`);
    const { answer, signedIn } = page;
    if (answer.status >= 300 && answer.status < 400) {
      skipped.push({ path: page.path, reason: `redirects to ${answer.location}` });
      continue;
    }
    if (answer.status !== 200 || !answer.html) throw new Error(`${page.path}: ${answer.status}, not a page`);
    const measured = await measureHtml(answer.html, `${options.url}${page.path}`, load);
    pages.push({ path: page.path, kind, signedIn, ...measured });
  }
  return { pages, skipped };
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1);

export function formatTable(pages: readonly PageJs[], limits: Record<PageKind, number> = budgets): string {
  const over = new Set(overBudget(pages, limits));
  const width = Math.max(4, ...pages.map((p) => p.path.length + (p.signedIn ? 12 : 0)));
  return [
    `${"page".padEnd(width)}  kind     scripts  KB gzip  budget`,
    ...pages.map(
      (p) =>
        `${(p.signedIn ? `${p.path} (signed in)` : p.path).padEnd(width)}  ${p.kind.padEnd(7)}  ` +
        `${String(p.scripts.length).padStart(7)}  ${kb(p.bytes).padStart(7)}  ${kb(limits[p.kind]).padStart(6)}` +
        (over.has(p) ? "  OVER" : ""),
    ),
  ].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: { build: { type: "string" }, "write-ceilings": { type: "boolean" } },
  });
  const buildDir = path.resolve(root, values.build ?? process.env.BUILD_DIR ?? "build");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-js-budget-"));
  try {
    await measureBuild(buildDir, dataDir, values["write-ceilings"] ?? false);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The build started on an empty data folder, measured, and stopped. */
async function measureBuild(buildDir: string, dataDir: string, writeCeilings: boolean) {
  const site = await startBuiltSite({
    buildDir,
    dataDir,
    env: { LOG_LEVEL: "warn", MAIL_WORKER_INTERVAL_MS: "200" },
    timeoutMs: 300_000,
  });
  try {
    const { pages, skipped } = await measureSite({ url: site.url, dataDir });
    console.log(
      `JavaScript each page loads at once, gzip level 9 (build: ${path.relative(root, buildDir)})\n`,
    );
    console.log(formatTable(pages));
    for (const page of skipped) console.log(`skipped ${page.path}: ${page.reason}`);
    if (writeCeilings) {
      fs.writeFileSync(ceilingsFile, `${JSON.stringify(ceilingsOf(pages), null, 2)}\n`);
      console.log(`\nceilings written to ${path.relative(root, ceilingsFile)}`);
      return;
    }
    const over = overBudget(pages);
    if (over.length)
      console.log(
        `\n${over.length} of ${pages.length} pages over budget: ${over.map((p) => p.path).join(", ")}`,
      );
    else console.log(`\nall ${pages.length} pages within budget`);
    const ceilings = readCeilings();
    const grown = overCeiling(pages, ceilings);
    if (grown.length) {
      console.error(
        `\n${grown.length} pages load more than their ceiling (${path.relative(root, ceilingsFile)}): ` +
          grown.map((p) => `${p.path} ${kb(p.bytes)} KB > ${kb(ceilingOf(p, ceilings))}`).join(", "),
      );
      process.exitCode = 1;
    } else {
      console.log(`no page loads more than its ceiling (${path.relative(root, ceilingsFile)})`);
    }
  } finally {
    await site.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
