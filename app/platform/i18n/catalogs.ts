import type { Resource } from "i18next";
import { defaultLanguage, type Language, languages } from "./languages";

/**
 * Per-language catalogs: locales/{lang}/{namespace}.json, one namespace per area of the site,
 * kept beside what shows it: the frame's and every page's shared texts here (common, layout,
 * forms, mail, messages, meta, feedback), each feature's in app/features/<name>/locales/. A
 * namespace is its file's name, whichever folder holds it (two folders may not both define one).
 * The server loads all. The browser loads, per language, only the namespaces it needs: those the
 * server's render of the page used (page-namespaces.ts) before it hydrates, then any other one
 * when something first asks for it (browser-translations.ts); each namespace is its own lazy
 * chunk, but for the few every page uses (vite.config.ts `catalogChunk`).
 */
type Catalog = Record<string, unknown>;
type Table = ReadonlyMap<string, () => Promise<Catalog>>;

/**
 * Each language's files by namespace, a table of its own (`catalog-files/{lang}.ts`), loaded
 * when that language is first needed: the table is what knows each file's hashed name, and
 * every page's first scripts held all three (1.7 KB gzip) where one is used. The features'
 * folders are found by one glob convention, not imported: the platform knows no feature
 * (docs/decisions/0057-feature-tables-and-catalogs.md). Literal imports: the bundler must see
 * them.
 */
const tableFiles: Record<Language, () => Promise<{ files: Record<string, () => Promise<Catalog>> }>> = {
  en: () => import("./catalog-files/en"),
  fr: () => import("./catalog-files/fr"),
  es: () => import("./catalog-files/es"),
};

function parseKey(file: string) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) throw new Error(`Unexpected catalog path ${file}`);
  return { lang: match[1] as Language, ns: match[2] as string };
}

/** The namespaces of the tables loaded so far: every language has the same (catalogs.test.ts). */
const known = new Set<string>();

function byNamespace(lang: Language, files: Record<string, () => Promise<Catalog>>): Table {
  const table = new Map<string, () => Promise<Catalog>>();
  for (const [file, load] of Object.entries(files)) {
    const { ns } = parseKey(file);
    if (table.has(ns)) throw new Error(`Two catalogs define the namespace ${ns} (${lang}: ${file})`);
    table.set(ns, load);
    known.add(ns);
  }
  return table;
}

const tables = new Map<Language, Promise<Table>>();

function tableOf(lang: Language): Promise<Table> {
  let table = tables.get(lang);
  if (!table) {
    table = tableFiles[lang]().then((module) => byNamespace(lang, module.files));
    tables.set(lang, table);
    // A failed fetch (offline) is tried again on the next call.
    table.catch(() => tables.delete(lang));
  }
  return table;
}

/** The catalogs' namespaces (those of one language's table: all have the same). */
export async function catalogNamespaces(lang: Language = defaultLanguage): Promise<string[]> {
  return [...(await tableOf(lang)).keys()];
}

/**
 * Whether `ns` names one of the catalogs' namespaces, as far as the tables loaded so far say:
 * the browser's entry loads its language's before anything renders, the server all of them
 * before it translates anything.
 */
export function isNamespace(ns: string): boolean {
  return known.has(ns);
}

const loading = new Map<string, Promise<Catalog>>();

/**
 * One namespace of one language, loaded once: the same promise on every call (React's `use`
 * needs it to be). Rejects for a namespace the catalogs do not have.
 */
export function loadNamespace(lang: Language, ns: string): Promise<Catalog> {
  const file = `${lang}/${ns}`;
  let promise = loading.get(file);
  if (!promise) {
    promise = tableOf(lang).then((table) => {
      const load = table.get(ns);
      return load ? load() : Promise.reject(new Error(`No catalog ${file}.json`));
    });
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
  const table = await tableOf(lang);
  const entries = await Promise.all(
    [...new Set(wanted)]
      .filter((ns) => table.has(ns))
      .map(async (ns) => [ns, await loadNamespace(lang, ns)] as const),
  );
  return Object.fromEntries(entries);
}

/** Every namespace of one language. */
export async function loadLanguage(lang: Language): Promise<Record<string, Catalog>> {
  return loadNamespaces(lang, await catalogNamespaces(lang));
}

export async function loadAllLanguages(): Promise<Resource> {
  const all = await Promise.all(languages.map(async (lang) => [lang, await loadLanguage(lang)] as const));
  return Object.fromEntries(all);
}
