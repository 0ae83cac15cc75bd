import zlib from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { afterPaintModuleType } from "../app/platform/http/page-scripts.server";
import routes from "../app/routes";
import {
  budgets,
  ceilingSlack,
  ceilingsOf,
  measureHtml,
  overBudget,
  overCeiling,
  type PageKind,
  pagePatterns,
} from "./js-budget";

const origin = "https://site.test";
const url = (name: string) => `${origin}/assets/${name}.js`;

/** How a page's HTML mentions a module, if at all. */
const roles = [
  "script",
  "module-script",
  "modulepreload",
  "inline-import",
  "inline-dynamic-import",
  "after-paint-import",
  "prefetch",
  "data-script",
  "none",
] as const;
type Role = (typeof roles)[number];
const loadsAtOnce = new Set<Role>([
  "script",
  "module-script",
  "modulepreload",
  "inline-import",
  "inline-dynamic-import",
  "after-paint-import",
]);

function tags(name: string, role: Role): string {
  const href = `/assets/${name}.js`;
  switch (role) {
    case "script":
      return `<script src="${href}"></script>`;
    case "module-script":
      return `<script type="module" src="${href}" async></script>`;
    case "modulepreload":
      return `<link rel="modulepreload" href="${href}" nonce="n"/>`;
    case "inline-import":
      return `<script type="module">import * as m from "${href}"; window.m = m;</script>`;
    case "inline-dynamic-import":
      return `<script type="module" async>import("${href}");</script>`;
    case "after-paint-import":
      // React Router's module script as the server sends it, run once the page has painted.
      return `<script type="${afterPaintModuleType}">import * as m from "${href}"; import("${href}");</script>`;
    case "prefetch":
      return `<link rel="prefetch" href="${href}" as="script"/>`;
    case "data-script":
      return `<script type="application/json" src="${href}"></script>`;
    case "none":
      return "";
  }
}

/** Modules with payloads, static and dynamic imports between them, and how the HTML lists each. */
const site = fc
  .integer({ min: 1, max: 12 })
  .chain((count) =>
    fc.array(
      fc.record({
        payload: fc.string({ maxLength: 400 }),
        staticImports: fc.uniqueArray(fc.nat(count - 1), { maxLength: 3 }),
        dynamicImports: fc.uniqueArray(fc.nat(count - 1), { maxLength: 2 }),
        roles: fc.array(fc.constantFrom(...roles), { minLength: 1, maxLength: 3 }),
      }),
      { minLength: count, maxLength: count },
    ),
  )
  .map((modules) =>
    modules.map((m, i) => ({
      ...m,
      name: `m${i}`,
      code: Buffer.from(
        [
          ...m.staticImports.map((j) => `import { x as x${j} } from "./m${j}.js";`),
          `export const x = ${JSON.stringify(m.payload)};`,
          ...m.dynamicImports.map((j) => `export const load${j} = () => import("./m${j}.js");`),
        ].join("\n"),
      ),
    })),
  );

describe("the JavaScript a page loads at once", () => {
  it("is every script its HTML loads and their static imports, each counted once at gzip level 9", async () => {
    await fc.assert(
      fc.asyncProperty(site, async (modules) => {
        const html = `<!DOCTYPE html><html><head>${modules.flatMap((m) => m.roles.map((r) => tags(m.name, r))).join("")}</head><body><p>hi</p></body></html>`;
        const byUrl = new Map(modules.map((m) => [url(m.name), m]));
        const loads: string[] = [];
        const load = async (u: string) => {
          loads.push(u);
          const module = byUrl.get(u);
          if (!module) throw new Error(`unknown ${u}`);
          return module.code;
        };

        const expected = new Set<number>();
        const visit = (i: number) => {
          if (expected.has(i)) return;
          expected.add(i);
          for (const j of modules[i]!.staticImports) visit(j);
        };
        modules.forEach((m, i) => {
          if (m.roles.some((r) => loadsAtOnce.has(r))) visit(i);
        });

        const measured = await measureHtml(html, `${origin}/page`, load);
        expect(measured.scripts.map((s) => s.url).sort()).toEqual(
          [...expected].map((i) => url(modules[i]!.name)).sort(),
        );
        expect(measured.bytes).toBe(
          [...expected].reduce((sum, i) => sum + zlib.gzipSync(modules[i]!.code, { level: 9 }).length, 0),
        );
        expect(loads.length, "each module is loaded once").toBe(new Set(loads).size);
      }),
    );
  });

  it("resolves relative script addresses against the page", async () => {
    const html = `<link rel="modulepreload" href="../assets/a.js"><script src="b.js"></script>`;
    const files: Record<string, Buffer> = {
      [`${origin}/assets/a.js`]: Buffer.from("export const a = 1;"),
      [`${origin}/blog/b.js`]: Buffer.from("console.log(1);"),
    };
    const measured = await measureHtml(html, `${origin}/blog/post`, async (u) => files[u]!);
    expect(measured.scripts.map((s) => s.url).sort()).toEqual(Object.keys(files).sort());
  });
});

describe("the translation files a page loads before it hydrates", () => {
  it("are its language's table of files, its file of every page's namespaces and those of the others it lists", async () => {
    const html = `<html lang="fr-CA"><head><script type="module" src="/assets/entry.js"></script></head><body><script type="application/json" id="page-namespaces">["careers","common","layout"]</script></body></html>`;
    const imports = (names: string[]) =>
      names.map((name, i) => `export const l${i} = () => import("./${name}.js");`).join("\n");
    const files: Record<string, string> = {
      "entry.js": imports([
        "catalog-files-fr-DICnoFLM",
        "catalog-files-en-CUk8KUh3",
        "catalog-files-es-CirHMezC",
      ]),
      "catalog-files-fr-DICnoFLM.js": imports([
        "catalog-fr-Ab_c-9Zy",
        "catalog-fr-careers-BQWovKfT",
        "catalog-fr-account-data-BtJHh_Ia",
        "catalog-fr-blog-DHtGD5pt",
      ]),
      "catalog-fr-Ab_c-9Zy.js": 'export default { "layout": {} };',
      "catalog-fr-careers-BQWovKfT.js": 'export default { "header": {} };',
    };
    const measured = await measureHtml(html, `${origin}/fr/careers`, async (u) => {
      const file = files[u.slice(`${origin}/assets/`.length)];
      if (file === undefined) throw new Error(`not expected: ${u}`);
      return Buffer.from(file);
    });
    expect(measured.scripts.map((s) => s.url).sort()).toEqual([
      url("catalog-files-fr-DICnoFLM"),
      url("catalog-fr-Ab_c-9Zy"),
      url("catalog-fr-careers-BQWovKfT"),
      url("entry"),
    ]);
  });
});

describe("the budget decision", () => {
  it("fails exactly the pages over their kind's budget", () => {
    const page = fc.record({
      kind: fc.constantFrom<PageKind>("public", "account"),
      bytes: fc.oneof(
        fc.nat(400_000),
        fc.constantFrom(budgets.public - 1, budgets.public, budgets.public + 1),
        fc.constantFrom(budgets.account - 1, budgets.account, budgets.account + 1),
      ),
    });
    fc.assert(
      fc.property(fc.array(page, { maxLength: 20 }), (pages) => {
        const over = new Set(overBudget(pages));
        for (const p of pages) expect(over.has(p)).toBe(p.bytes > budgets[p.kind]);
      }),
    );
  });

  it("gives account pages more room than public ones", () => {
    const between = { bytes: 130_000 };
    expect(overBudget([{ ...between, kind: "public" }])).toHaveLength(1);
    expect(overBudget([{ ...between, kind: "account" }])).toHaveLength(0);
  });
});

describe("the ceilings that keep pages over budget from growing", () => {
  const home = { path: "/", kind: "public" as const, bytes: 143_800 };
  const login = { path: "/account/login", kind: "account" as const, bytes: 120_000 };

  it("record a page over budget at its figure plus the slack, and none for a page within", () => {
    expect(ceilingsOf([home, login])).toEqual({ "/": (143_800 + ceilingSlack) / 1000 });
  });

  it("fail a page that grew past its ceiling, or past its budget when it has none", () => {
    const ceilings = ceilingsOf([home]);
    expect(overCeiling([home], ceilings)).toEqual([]);
    expect(overCeiling([{ ...home, bytes: home.bytes + ceilingSlack }], ceilings)).toEqual([]);
    const grown = { ...home, bytes: home.bytes + ceilingSlack + 1 };
    expect(overCeiling([grown], ceilings)).toEqual([grown]);
    const newPage = { path: "/new", kind: "public" as const, bytes: budgets.public + 1 };
    expect(overCeiling([newPage, login], ceilings)).toEqual([newPage]);
  });
});

describe("the pages measured", () => {
  it("are the page routes in English, without resource routes or the catch-all", () => {
    const patterns = pagePatterns(routes);
    expect(patterns).toEqual(
      expect.arrayContaining(["", "careers", "careers/:id", "blog/:slug", "account/security"]),
    );
    expect(patterns).not.toContain("consent");
    expect(patterns.filter((p) => p.includes("feed.xml") || p.includes("*") || p.includes(":lang"))).toEqual(
      [],
    );
  });
});
