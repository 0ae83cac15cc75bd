import type { MetaDescriptor } from "react-router";
import {
  defaultLanguage,
  type Language,
  languages,
  languageTags,
  localizePath,
} from "~/platform/i18n/languages";

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
 * one.
 */
export function buildPageSeo(input: {
  title: string;
  description: string;
  siteName: string;
  lang: Language;
  path: string;
  origin: string;
  pageLanguages?: readonly Language[];
  type?: PageSeo["type"];
}): PageSeo {
  const origin = input.origin.replace(/\/$/, "");
  const pageLanguages = input.pageLanguages ?? languages;
  return {
    title: input.title,
    description: input.description,
    siteName: input.siteName,
    lang: input.lang,
    url: origin + localizePath(input.path, input.lang),
    alternates: pageLanguages.map((lang) => ({ lang, href: origin + localizePath(input.path, lang) })),
    type: input.type ?? "website",
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
    { name: "twitter:card", content: "summary" },
  ];
}
