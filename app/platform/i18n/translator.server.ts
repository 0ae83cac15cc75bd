import type { i18n as I18n, TFunction } from "i18next";
import { createI18n, loadAllLanguages } from "./catalogs";
import type { Language } from "./languages";
import { memoizedT } from "./memoized-t";

/*
 * The server's translations: catalogs never change while the process runs, so they are loaded
 * once and one i18next instance per language serves every request, page render and e-mail.
 */
const instances = new Map<Language, Promise<I18n>>();

/** The i18next instance of one language, for rendering a page in it (never switch its language). */
export function serverI18n(lang: Language): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = loadAllLanguages().then((resources) => createI18n(lang, resources));
    instances.set(lang, instance);
  }
  return instance;
}

const translators = new Map<string, TFunction>();

/**
 * A translation function fixed to one language (and namespace, else `common`), one per process
 * for each: it keeps what it translated (`memoizedT`), as the catalogs never change here.
 */
export async function translator(lang: Language, ns = "common"): Promise<TFunction> {
  const i18n = await serverI18n(lang);
  const id = `${lang}|${ns}`;
  let t = translators.get(id);
  if (!t) {
    t = memoizedT(i18n.getFixedT(lang, ns));
    translators.set(id, t);
  }
  return t;
}
