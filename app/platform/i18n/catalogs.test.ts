import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogNamespaces } from "./catalogs";
import { languages } from "./languages";

/** Every visible string lives in en, fr and es: a key missing in one language fails here. */
const features = path.join(import.meta.dirname, "../../features");
/** The folders holding catalogs: the platform's and each feature's that has texts. */
const roots = [
  path.join(import.meta.dirname, "locales"),
  ...fs
    .readdirSync(features)
    .map((feature) => path.join(features, feature, "locales"))
    .filter((dir) => fs.existsSync(dir)),
];

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  if (value && typeof value === "object") {
    return Object.assign(
      {},
      ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
    );
  }
  throw new Error(`${prefix}: catalog values must be strings or objects`);
}

function load(lang: string) {
  return Object.fromEntries(
    roots.flatMap((root) =>
      fs
        .readdirSync(path.join(root, lang))
        .filter((f) => f.endsWith(".json"))
        .map((f) => [
          f.replace(/\.json$/, ""),
          flatten(JSON.parse(fs.readFileSync(path.join(root, lang, f), "utf8"))),
        ]),
    ),
  );
}

const catalogs = Object.fromEntries(languages.map((lang) => [lang, load(lang)]));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

const pluralSuffix = /_(zero|one|two|few|many|other)$/;
/** A language's keys with each plural's forms as one (`x_one`, `x_many` → `x_*`). */
const keysWithPlurals = (catalog: Record<string, string>) =>
  [...new Set(Object.keys(catalog).map((key) => key.replace(pluralSuffix, "_*")))].sort();

describe("catalogs", () => {
  it("are all found by the loader, the platform's and the features' alike, in every language's table", async () => {
    for (const lang of languages)
      expect((await catalogNamespaces(lang)).sort(), lang).toEqual(Object.keys(catalogs.en ?? {}).sort());
    const namespaces = await catalogNamespaces();
    expect(namespaces).toContain("layout");
    expect(namespaces).toContain("careers");
  });

  it("have the same namespaces in every language", () => {
    for (const lang of languages) {
      expect(Object.keys(catalogs[lang] ?? {}).sort(), lang).toEqual(Object.keys(catalogs.en ?? {}).sort());
    }
  });

  for (const ns of Object.keys(catalogs.en ?? {})) {
    it(`${ns}: same keys, no empty text and the same placeholders in every language`, () => {
      const en = catalogs.en?.[ns] ?? {};
      for (const lang of languages) {
        const other = catalogs[lang]?.[ns] ?? {};
        expect(keysWithPlurals(other), `${lang}/${ns}.json keys`).toEqual(keysWithPlurals(en));
        for (const [key, text] of Object.entries(other)) {
          expect(text.trim(), `${lang}/${ns}.json ${key} is empty`).not.toBe("");
          expect(placeholders(text), `${lang}/${ns}.json ${key} placeholders`).toEqual(
            placeholders(en[key] ?? en[key.replace(pluralSuffix, "_other")] ?? ""),
          );
        }
      }
    });
  }

  // A count in a form the language's catalog lacks (French and Spanish say 1 000 000 with
  // their "many" form) falls back to English on the server, and to the key in a browser that
  // loaded one language: each plural carries every form of its language's rules.
  it.each(languages)("%s: every plural has each form the language's plural rules use", (lang) => {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    for (const [ns, catalog] of Object.entries(catalogs[lang] ?? {})) {
      const bases = new Set(
        Object.keys(catalog)
          .filter((key) => pluralSuffix.test(key))
          .map((key) => key.replace(pluralSuffix, "")),
      );
      for (const base of bases)
        for (const form of forms) if (!(`${base}_${form}` in catalog)) missing.push(`${ns}:${base}_${form}`);
    }
    expect(missing).toEqual([]);
  });

  // A key the code names that the catalogs lack shows the visitor the key itself (or puts it in an
  // e-mail's subject): every `t("namespace:key")` in the site's code, and every fixed start of one
  // built from a variable (`t(`mail:account.${kind}.subject`)`), is in the catalogs.
  it("have every key the code names with its namespace", () => {
    const appDir = path.join(import.meta.dirname, "../..");
    const sources = fs
      .readdirSync(appDir, { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(db\.)?test\.tsx?$/.test(file));
    const en = catalogs.en ?? {};
    const named: string[] = [];
    const missing: string[] = [];
    for (const file of sources) {
      const code = fs.readFileSync(path.join(appDir, file), "utf8");
      for (const [, ns = "", key = ""] of code.matchAll(/\bt\(\s*["`]([a-z-]+):([\w.${}-]+)["`]/g)) {
        const catalog = en[ns];
        if (!catalog) continue;
        named.push(`${ns}:${key}`);
        const fixed = key.split("${")[0] ?? "";
        const found = key.includes("${")
          ? Object.keys(catalog).some((k) => k.startsWith(fixed))
          : key in catalog || `${key}_other` in catalog;
        if (!found) missing.push(`${file}: ${ns}:${key}`);
      }
    }
    expect(named.length, "keys found in the code").toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
