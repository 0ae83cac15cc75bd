import { type Language, splitLanguage } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { servicesContext } from "~/platform/request-context";
import { buildPageSeo, type PageSeo } from "~/platform/seo/page-meta";
import { type PageLoaderArgs, routeLanguage } from "~/platform/seo/page-seo.server";
import { socialImage } from "~/platform/seo/social-image";
import { getStudioInfo } from "./studio.server";
import type { StudioInfo } from "./types";

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
  | "game"
  | "privacy"
  | "fanContentPolicy"
  | "tos"
  | "gdpr"
  | "accountLogin"
  | "accountCreate"
  | "status";

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
  const [t, studio] = await Promise.all([
    translator(lang, "meta"),
    options.studio ?? getStudioInfo(db, lang),
  ]);
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
