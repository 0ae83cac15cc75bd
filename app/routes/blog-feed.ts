import { Feed } from "feed";
import { data, redirect } from "react-router";
import { listFeedArticles } from "~/features/blog/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import { defaultLanguage, isLanguage, languageTags, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { servicesContext } from "~/platform/request-context";
import type { Route } from "./+types/blog-feed";

/**
 * The blog's Atom feed in one language (/blog/feed.xml, /fr/blog/feed.xml, /es/blog/feed.xml):
 * the twenty newest articles with their full text. A resource route: the language layout's
 * loader does not run for it, so it checks the language itself.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.lang !== undefined && !isLanguage(params.lang)) throw data(null, { status: 404 });
  if (params.lang === defaultLanguage) throw redirect("/blog/feed.xml", 301);
  const lang = isLanguage(params.lang) ? params.lang : defaultLanguage;
  const { db, config } = context.get(servicesContext);
  const origin = config.publicUrl.replace(/\/$/, "");
  const [studio, articles, t] = await Promise.all([
    getStudioInfo(db, lang),
    listFeedArticles(db, lang),
    translator(lang, "blog"),
  ]);
  const blogUrl = origin + localizePath("/blog", lang);
  const feedUrl = origin + localizePath("/blog/feed.xml", lang);
  const newest = articles[0] ? new Date(`${articles[0].date}T00:00:00Z`) : new Date(0);
  const feed = new Feed({
    id: blogUrl,
    link: blogUrl,
    title: t("feed.title", { studio: studio.name }),
    description: t("feed.description", { studio: studio.name }),
    language: languageTags[lang],
    updated: newest,
    generator: false,
    image: origin + studio.logo,
    favicon: `${origin}/favicon.ico`,
    copyright: `© ${studio.name}`,
    feedLinks: { atom: feedUrl },
    author: { name: studio.name, link: origin + localizePath("/", lang) },
  });
  for (const article of articles) {
    const date = new Date(`${article.date}T00:00:00Z`);
    const link = origin + article.url;
    feed.addItem({
      id: link,
      link,
      title: article.title,
      date,
      published: date,
      description: article.summary,
      content: article.html,
      author: [{ name: article.author }],
      category: [{ name: t(`categories.${article.category}`), term: article.category }],
      image: origin + article.cover,
    });
  }
  return new Response(feed.atom1(), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": "public, max-age=600, stale-while-revalidate=3600",
    },
  });
}
