import type { i18n as I18n, TFunction } from "i18next";
import type { RouterContextProvider } from "react-router";
import { getStudioInfo } from "~/features/studio/studio.server";
import type { StudioInfo } from "~/features/studio/types";
import { createI18n, loadAllLanguages } from "~/platform/i18n/catalogs";
import { defaultLanguage, isLanguage, type Language, splitLanguage } from "~/platform/i18n/languages";
import { servicesContext } from "~/platform/request-context";
import { buildPageSeo, type PageSeo } from "./page-meta";
import { socialImage } from "./social-image";

/** The pages with a title and description in the `meta` catalog namespace. */
export type MetaPage =
  | "home"
  | "careers"
  | "internships"
  | "careersSingle"
  | "careersLocation"
  | "playtesting"
  | "contact"
  | "alerts"
  | "blog"
  | "support"
  | "press"
  | "privacy"
  | "fanContentPolicy"
  | "tos"
  | "gdpr"
  | "accountLogin"
  | "accountCreate";

export type PageLoaderArgs = {
  /** The page's address without React Router's data-request details (`.data`, `_routes`). */
  url: URL;
  params: Readonly<Record<string, string | undefined>>;
  context: Readonly<RouterContextProvider>;
};

// Catalogs never change while the process runs, so one i18next instance per language serves
// every request.
const instances = new Map<Language, Promise<I18n>>();

/** A translation function for loaders (texts a page computes on the server, like its title). */
export async function serverT(lang: Language, ns: string): Promise<TFunction> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = loadAllLanguages().then((resources) => createI18n(lang, resources));
    instances.set(lang, instance);
  }
  return (await instance).getFixedT(lang, ns);
}

/** The language of a request's route (its optional leading segment, else English). */
export function routeLanguage(params: PageLoaderArgs["params"]): Language {
  return isLanguage(params.lang) ? params.lang : defaultLanguage;
}

/**
 * The SEO record of a page: title and description from the `meta` namespace (or given, with
 * `values` for interpolation), the studio's name, canonical and alternates from PUBLIC_URL.
 */
export async function loadPageSeo(
  { url, params, context }: PageLoaderArgs,
  page: MetaPage,
  options: {
    title?: string;
    values?: Record<string, string | number>;
    pageLanguages?: readonly Language[];
    /** The version to name as canonical when the page is shown outside `pageLanguages`. */
    fallbackLanguage?: Language;
    type?: PageSeo["type"];
    /** Site-relative link-preview image; the studio's card when omitted. */
    image?: string;
    /** The studio's info when the loader already has it (saves a query). */
    studio?: Pick<StudioInfo, "name">;
  } = {},
): Promise<PageSeo> {
  const { config, db } = context.get(servicesContext);
  const lang = routeLanguage(params);
  const [t, studio] = await Promise.all([serverT(lang, "meta"), options.studio ?? getStudioInfo(db, lang)]);
  const values = { studio: studio.name, ...options.values };
  return buildPageSeo({
    title: options.title ?? t(`${page}.title`, values),
    description: t(`${page}.description`, values),
    siteName: studio.name,
    lang,
    path: splitLanguage(url.pathname).path.replace(/(.)\/$/, "$1"),
    origin: config.publicUrl,
    pageLanguages: options.pageLanguages,
    fallbackLanguage: options.fallbackLanguage,
    type: options.type,
    image: options.image ?? socialImage.studio,
  });
}
