import type { Resource } from "i18next";
import { type Language, languages } from "./languages";

/**
 * Per-language catalogs: locales/{lang}/{namespace}.json, one namespace per area of the site.
 * The server loads all. The browser loads, per language, only the namespaces it needs: those the
 * server's render of the page used (page-namespaces.ts) before it hydrates, then any other one
 * when something first asks for it (browser-translations.ts); each namespace is its own lazy
 * chunk, but for the few every page uses (vite.config.ts `catalogChunk`).
 */
const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { import: "default" });

function parseKey(file: string) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) throw new Error(`Unexpected catalog path ${file}`);
  return { lang: match[1] as Language, ns: match[2] as string };
}

export const namespaces = [...new Set(Object.keys(files).map((f) => parseKey(f).ns))];
const known = new Set(namespaces);

/** Whether `ns` names one of the catalogs' namespaces. */
export function isNamespace(ns: string): boolean {
  return known.has(ns);
}

type Catalog = Record<string, unknown>;
const loading = new Map<string, Promise<Catalog>>();

/**
 * One namespace of one language, loaded once: the same promise on every call (React's `use`
 * needs it to be). Rejects for a namespace the catalogs do not have.
 */
export function loadNamespace(lang: Language, ns: string): Promise<Catalog> {
  const file = `./locales/${lang}/${ns}.json`;
  let promise = loading.get(file);
  if (!promise) {
    const load = files[file];
    promise = load ? load() : Promise.reject(new Error(`No catalog ${file}`));
    loading.set(file, promise);
    // A failed fetch (offline) is tried again on the next call.
    promise.catch(() => loading.delete(file));
  }
  return promise;
}

/** Some namespaces of one language, by namespace; the unknown ones left out. */
export async function loadNamespaces(
  lang: Language,
  wanted: Iterable<string>,
): Promise<Record<string, Catalog>> {
  const entries = await Promise.all(
    [...new Set(wanted)].filter(isNamespace).map(async (ns) => [ns, await loadNamespace(lang, ns)] as const),
  );
  return Object.fromEntries(entries);
}

/** Every namespace of one language. */
export function loadLanguage(lang: Language): Promise<Record<string, Catalog>> {
  return loadNamespaces(lang, namespaces);
}

export async function loadAllLanguages(): Promise<Resource> {
  const all = await Promise.all(languages.map(async (lang) => [lang, await loadLanguage(lang)] as const));
  return Object.fromEntries(all);
}
