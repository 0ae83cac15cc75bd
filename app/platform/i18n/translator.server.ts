import type { i18n as I18n, TFunction } from "i18next";
import { loadAllLanguages } from "./catalogs";
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

/** A page's translations as components read them (translations.ts), over `i18n`. */
export function translationsOf(i18n: I18n, lang: Language): Translations {
  return {
    language: lang,
    getFixedT: (language, ns) => fixedTranslator(i18n, language, ns),
    exists: (key) => i18n.exists(key),
    t: fixedTranslator(i18n, lang, "common"),
    // A server render never changes language.
    subscribe: () => () => {},
  };
}

const pages = new Map<Language, Promise<Translations>>();

/** The translations a server render in `lang` gives its components. */
export function serverTranslations(lang: Language): Promise<Translations> {
  let page = pages.get(lang);
  if (!page) {
    page = serverI18n(lang).then((i18n) => translationsOf(i18n, lang));
    pages.set(lang, page);
  }
  return page;
}
