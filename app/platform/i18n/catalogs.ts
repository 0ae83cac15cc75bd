import type { Resource } from "i18next";
import { type Language, languages } from "./languages";

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
// The features' folders are found by this one convention, not imported: the platform knows no
// feature (docs/decisions/0057-feature-tables-and-catalogs.md).
const found = import.meta.glob<Record<string, unknown>>(
  ["./locales/*/*.json", "../../features/*/locales/*/*.json"],
  {
    import: "default",
  },
);

function parseKey(file: string) {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) throw new Error(`Unexpected catalog path ${file}`);
  return { lang: match[1] as Language, ns: match[2] as string };
}

/** Each catalog file by `{lang}/{namespace}`. */
const files = new Map<string, () => Promise<Record<string, unknown>>>();
for (const [file, load] of Object.entries(found)) {
  const { lang, ns } = parseKey(file);
  if (files.has(`${lang}/${ns}`)) throw new Error(`Two catalogs define the namespace ${ns} (${file})`);
  files.set(`${lang}/${ns}`, load);
}

export const namespaces = [...new Set(Object.keys(found).map((f) => parseKey(f).ns))];
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
  const file = `${lang}/${ns}`;
  let promise = loading.get(file);
  if (!promise) {
    const load = files.get(file);
    promise = load ? load() : Promise.reject(new Error(`No catalog ${file}.json`));
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
