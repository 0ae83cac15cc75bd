import fc from "fast-check";
import type { i18n as I18n } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { BrowserTranslations } from "./browser-translations";
import { loadAllLanguages, loadLanguage } from "./catalogs";
import { createI18n } from "./i18next.server";
import { type Language, languages } from "./languages";

/*
 * The browser renders with BrowserTranslations what the server rendered with i18next: a text
 * that differs breaks hydration. Both are asked the same things, over every key of every
 * catalog, with generated values.
 */

type Entry = { ns: string; key: string; text: unknown; placeholders: string[]; plural: boolean };

/** Every key a component can ask for: leaves, plural bases (`x` for `x_one`), and sections. */
function entries(catalogs: Record<string, Record<string, unknown>>): Entry[] {
  const found: Entry[] = [];
  const walk = (ns: string, prefix: string, value: unknown) => {
    if (value !== null && typeof value === "object") {
      if (prefix) found.push({ ns, key: prefix, text: value, placeholders: [], plural: false });
      for (const [part, child] of Object.entries(value)) walk(ns, prefix ? `${prefix}.${part}` : part, child);
      return;
    }
    const placeholders = [...String(value).matchAll(/\{\{-?\s*([^,}\s]+)/g)].map((m) => m[1] ?? "");
    const base = /^(.*)_(zero|one|two|few|many|other)$/.exec(prefix)?.[1];
    found.push({ ns, key: prefix, text: value, placeholders, plural: false });
    if (base) found.push({ ns, key: base, text: value, placeholders, plural: true });
  };
  for (const [ns, catalog] of Object.entries(catalogs)) walk(ns, "", catalog);
  return found;
}

const value = fc.oneof(
  fc.string(),
  fc.constantFrom("{{count}}", "$t(common:brand)", "a, b", "Québec", ""),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const count = fc.oneof(
  fc.constantFrom(0, 1, 2, 5, 21, 1000000),
  fc.nat(),
  fc.double({ min: 0, max: 1e7, noNaN: true }),
);

let server: Record<Language, I18n>;
let browser: Record<Language, BrowserTranslations>;
let all: Record<Language, Entry[]>;

beforeAll(async () => {
  const resources = await loadAllLanguages();
  server = {
    en: createI18n("en", resources),
    fr: createI18n("fr", resources),
    es: createI18n("es", resources),
  };
  browser = {
    en: new BrowserTranslations("en", await loadLanguage("en")),
    fr: new BrowserTranslations("fr", await loadLanguage("fr")),
    es: new BrowserTranslations("es", await loadLanguage("es")),
  };
  all = {
    en: entries(resources.en as never),
    fr: entries(resources.fr as never),
    es: entries(resources.es as never),
  };
});

describe("BrowserTranslations gives what i18next gives", () => {
  it.each(languages)("every key of every %s catalog, with and without values", (lang) => {
    expect(all[lang].length).toBeGreaterThan(1000);
    const mismatches: string[] = [];
    for (const entry of all[lang]) {
      const options: Record<string, unknown> = {};
      for (const name of entry.placeholders) options[name] = `<${name}>`;
      if (entry.plural) options.count = 3;
      const cases: [string, Record<string, unknown> | undefined][] = [
        [entry.key, undefined],
        [entry.key, options],
        [entry.key, { ...options, returnObjects: true }],
      ];
      for (const [key, given] of cases) {
        const expected = server[lang].getFixedT(lang, entry.ns)(key, given as never);
        const actual = browser[lang].getFixedT(lang, entry.ns)(key, given as never);
        if (JSON.stringify(actual) !== JSON.stringify(expected))
          mismatches.push(
            `${entry.ns}:${key} ${JSON.stringify(given)}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
          );
      }
      const named = `${entry.ns}:${entry.key}`;
      if (browser[lang].exists(named) !== server[lang].exists(named)) mismatches.push(`exists(${named})`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(languages)("generated values and counts, in %s", (lang) => {
    const withValues = all[lang].filter((entry) => entry.placeholders.length > 0 || entry.plural);
    expect(withValues.length).toBeGreaterThan(50);
    fc.assert(
      fc.property(
        fc.constantFrom(...withValues),
        fc.array(value, { minLength: 4, maxLength: 4 }),
        count,
        (entry, values, n) => {
          const options: Record<string, unknown> = { count: n };
          entry.placeholders.forEach((name, i) => {
            if (name !== "count") options[name] = values[i % values.length];
          });
          const expected = server[lang].getFixedT(lang, entry.ns)(entry.key, options as never);
          expect(browser[lang].getFixedT(lang, entry.ns)(entry.key, options as never)).toEqual(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it.each(languages)("keys no catalog has, as error messages name them, in %s", (lang) => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "forms:validation.missing",
        "messages:msg.NOPE",
        "a:b:c",
        "Try again, later.",
        "https://x.y/z",
      ),
      fc
        .array(fc.constantFrom("forms", "validation", "msg", ":", ".", " ", "{{x}}", "?", "error"), {
          maxLength: 6,
        })
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(key, fc.boolean(), (k, withDefault) => {
        const options = withDefault ? { defaultValue: k, returnObjects: true, x: "1" } : { x: "1" };
        expect(browser[lang].t(k, options as never)).toEqual(server[lang].t(k, options as never));
        expect(browser[lang].exists(k)).toBe(server[lang].exists(k));
      }),
      { numRuns: 3000 },
    );
  });
});
