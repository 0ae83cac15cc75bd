import type { i18n as I18n, TFunction } from "i18next";
import { isNamespace, loadAllLanguages } from "./catalogs";
import { createI18n } from "./i18next.server";
import type { Language } from "./languages";
import { memoizedT } from "./memoized-t";
import type { Translations } from "./translations";

/*
 * The server's translations: catalogs never change while the process runs, so they are loaded
 * once and one i18next instance per language serves every request, page render and e-mail.
 */
const instances = new Map<Language, Promise<I18n>>();

/** The i18next instance of one language (never switch its language). */
export function serverI18n(lang: Language): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = loadAllLanguages().then((resources) => createI18n(lang, resources));
    instances.set(lang, instance);
  }
  return instance;
}

const translators = new Map<string, TFunction>();

/** One kept translate function per language and namespace (`memoizedT`): catalogs never change here. */
function fixedTranslator(i18n: I18n, lang: Language, ns: string): TFunction {
  const id = `${lang}|${ns}`;
  let t = translators.get(id);
  if (!t) {
    t = memoizedT(i18n.getFixedT(lang, ns));
    translators.set(id, t);
  }
  return t;
}

/** A translation function fixed to one language (and namespace, else `common`). */
export async function translator(lang: Language, ns = "common"): Promise<TFunction> {
  return fixedTranslator(await serverI18n(lang), lang, ns);
}

/** The namespace a key names (`ns:path`), when it names one of the catalogs'. */
function namespaceOf(key: unknown): string | undefined {
  if (typeof key !== "string") return undefined;
  const colon = key.indexOf(":");
  if (colon <= 0) return undefined;
  const ns = key.slice(0, colon);
  return isNamespace(ns) ? ns : undefined;
}

/**
 * One render's translations as components read them (translations.ts), over `i18n`. It notes
 * every namespace they use, by `useTranslation(ns)` or by a key that names one, so the page can
 * tell the browser which catalogs to load before it hydrates (PageNamespaces.tsx). A key's
 * namespace may be noted without being used (a sentence with a colon): one catalog too many,
 * never one too few.
 */
export function translationsOf(i18n: I18n, lang: Language): Translations {
  const used = new Set<string>();
  const noted = new Map<string, TFunction>();
  const note = (key: unknown) => {
    for (const one of Array.isArray(key) ? key : [key]) {
      const ns = namespaceOf(one);
      if (ns) used.add(ns);
    }
  };
  const getFixedT = (language: Language, ns: string): TFunction => {
    const id = `${language}|${ns}`;
    let t = noted.get(id);
    if (!t) {
      used.add(ns);
      const translate = fixedTranslator(i18n, language, ns) as unknown as (...args: unknown[]) => unknown;
      t = ((key: unknown, ...rest: unknown[]) => {
        note(key);
        return translate(key, ...rest);
      }) as unknown as TFunction;
      noted.set(id, t);
    }
    return t;
  };
  return {
    language: lang,
    getFixedT,
    exists: (key) => {
      note(key);
      return i18n.exists(key);
    },
    t: ((...args: unknown[]) =>
      (getFixedT(lang, "common") as unknown as (...a: unknown[]) => unknown)(
        ...args,
      )) as unknown as TFunction,
    // A server render never changes language, and has every catalog.
    subscribe: () => () => {},
    pending: () => undefined,
    pageNamespaces: () => [...used].sort(),
  };
}

/** The translations one server render in `lang` gives its components (a new one per render). */
export async function serverTranslations(lang: Language): Promise<Translations> {
  return translationsOf(await serverI18n(lang), lang);
}
