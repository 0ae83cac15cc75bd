import type { i18n as I18n, TFunction } from "i18next";
import { createI18n, loadAllLanguages } from "./catalogs";
import type { Language } from "./languages";

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

/** A translation function fixed to one language (and namespace, else `common`). */
export async function translator(lang: Language, ns?: string): Promise<TFunction> {
  return (await serverI18n(lang)).getFixedT(lang, ns);
}
