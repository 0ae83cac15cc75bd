import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "./languages";

/** Every visible string lives in en, fr and es: a key missing in one language fails here. */
const root = path.join(import.meta.dirname, "locales");

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
  const dir = path.join(root, lang);
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => [
        f.replace(/\.json$/, ""),
        flatten(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8"))),
      ]),
  );
}

const catalogs = Object.fromEntries(languages.map((lang) => [lang, load(lang)]));
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe("catalogs", () => {
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
        expect(Object.keys(other).sort(), `${lang}/${ns}.json keys`).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(other)) {
          expect(text.trim(), `${lang}/${ns}.json ${key} is empty`).not.toBe("");
          expect(placeholders(text), `${lang}/${ns}.json ${key} placeholders`).toEqual(
            placeholders(en[key] ?? ""),
          );
        }
      }
    });
  }
});
