import { createInstance, type i18n as I18n, type Resource } from "i18next";
import { defaultLanguage, type Language, languages } from "./languages";

/** An i18next instance over the catalogs (the server's, one per language; tests'). */
export function createI18n(lang: Language, resources: Resource): I18n {
  const instance = createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    resources,
    ns: Object.keys(resources[defaultLanguage] ?? {}),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
