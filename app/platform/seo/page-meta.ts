import type { MetaDescriptor } from "react-router";
import {
  defaultLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
} from "~/platform/i18n/languages";
import { socialImage } from "./social-image";

/**
 * What a page tells search engines and link previews, computed by its loader (see
 * page-seo.server.ts) so the texts are in the page's language on the server and in the browser.
 */
export type PageSeo = {
  /** The page's own title, without the studio's name. */
  title: string;
  description: string;
  siteName: string;
  lang: Language;
  /** Absolute address of this page in this language, without the query string. */
  url: string;
  /** The same page in every language it exists in, absolute. */
  alternates: Array<{ lang: Language; href: string }>;
  type: "website" | "article";
  /** Absolute address of the link-preview image (1200×630, see social-image.ts). */
  image: string;
};

/** Open Graph wants language_TERRITORY; Quebec French is fr_CA. */
const ogLocales: Record<Language, string> = { en: "en_GB", fr: "fr_CA", es: "es_ES" };

/** "Page – Studio", the site's title pattern. */
export function documentTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} – ${siteName}`;
}

/**
 * Builds the SEO record from the request's English path (`/careers/12`), the public origin and
 * the languages the page exists in. The x-default alternate is the English page when there is
 * one. Shown in a language it is not published in (a Quebec offer without that text), the page
 * names as canonical the version in `fallbackLanguage`, whose text it shows.
 */
export function buildPageSeo(input: {
  title: string;
  description: string;
  siteName: string;
  lang: Language;
  path: string;
  origin: string;
  pageLanguages?: readonly Language[];
  fallbackLanguage?: Language;
  type?: PageSeo["type"];
  /** Site-relative image path. */
  image: string;
}): PageSeo {
  const origin = input.origin.replace(/\/$/, "");
  const pageLanguages = input.pageLanguages ?? languages;
  const canonical = pageLanguages.includes(input.lang)
    ? input.lang
    : (input.fallbackLanguage ?? pageLanguages[0] ?? input.lang);
  return {
    title: input.title,
    description: input.description,
    siteName: input.siteName,
    lang: input.lang,
    url: origin + localizePath(input.path, canonical),
    alternates: pageLanguages.map((lang) => ({ lang, href: origin + localizePath(input.path, lang) })),
    type: input.type ?? "website",
    image: origin + input.image,
  };
}

/** The `meta` export every page uses: title, description, canonical, hreflang, Open Graph. */
export function pageMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const fullTitle = documentTitle(seo.title, seo.siteName);
  const xDefault =
    seo.alternates.find((a) => a.lang === defaultLanguage) ?? seo.alternates.find((a) => a.lang === seo.lang);
  return [
    { title: fullTitle },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    ...seo.alternates.map((a) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: languageTags[a.lang],
      href: a.href,
    })),
    ...(xDefault ? [{ tagName: "link", rel: "alternate", hrefLang: "x-default", href: xDefault.href }] : []),
    { property: "og:type", content: seo.type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: ogLocales[seo.lang] },
    ...seo.alternates
      .filter((a) => a.lang !== seo.lang)
      .map((a) => ({ property: "og:locale:alternate", content: ogLocales[a.lang] })),
    { property: "og:image", content: seo.image },
    { property: "og:image:width", content: String(socialImage.width) },
    { property: "og:image:height", content: String(socialImage.height) },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
