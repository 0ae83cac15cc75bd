import type { Resource } from "i18next";
import { type Language, languages } from "./languages";

/**
 * Per-language catalogs: locales/{lang}/{namespace}.json, one namespace per area of the site.
 * The browser loads only the current language's files (one lazy chunk per language, vite.config.ts
 * `catalogChunk`); the server loads all.
 */
const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

function parseKey(file: string) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) throw new Error(`Unexpected catalog path ${file}`);
  return { lang: match[1] as Language, ns: match[2] as string };
}

export const namespaces = [...new Set(Object.keys(files).map((f) => parseKey(f).ns))];

const loaded: Partial<Record<Language, Record<string, Record<string, unknown>>>> = {};

/** Loads (once) every namespace of one language. */
export async function loadLanguage(lang: Language) {
  if (loaded[lang]) return loaded[lang];
  const entries = await Promise.all(
    Object.entries(files)
      .filter(([file]) => parseKey(file).lang === lang)
      .map(async ([file, load]) => [parseKey(file).ns, await load()] as const),
  );
  loaded[lang] = Object.fromEntries(entries);
  return loaded[lang];
}

export async function loadAllLanguages(): Promise<Resource> {
  const all = await Promise.all(languages.map(async (lang) => [lang, await loadLanguage(lang)] as const));
  return Object.fromEntries(all);
}
