import type { RouterContextProvider } from "react-router";
import { defaultLanguage, isLanguage, type Language } from "~/platform/i18n/languages";

export type PageLoaderArgs = {
  /** The page's address without React Router's data-request details (`.data`, `_routes`). */
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
};

/** The language of a request's route (its optional leading segment, else English). */
export function routeLanguage(params: PageLoaderArgs["params"]): Language {
  return isLanguage(params.lang) ? params.lang : defaultLanguage;
}
