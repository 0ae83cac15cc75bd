import { useParams } from "react-router";
import { defaultLanguage, isLanguage, type Language, localizePath } from "./languages";

/** The language of the current route (its optional leading segment, else English). */
export function useLanguage(): Language {
  const { lang } = useParams();
  return isLanguage(lang) ? lang : defaultLanguage;
}

/**
 * Builds in-site paths that keep the current language prefix
 * (docs/requirements.md#languages-and-routes: links keep the prefix).
 */
export function useLocalizePath() {
  const lang = useLanguage();
  return (path: string) => localizePath(path, lang);
}
