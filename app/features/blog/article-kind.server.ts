import { z } from "zod";
import { focus, publicPath, text } from "~/features/content";
import { type ContentKind, syncRows } from "~/features/content/index.server";
import { trailerUrl } from "~/features/embeds/index.server";
import { type Localized, languages } from "~/platform/i18n/languages";
import { slugPattern } from "~/platform/text/slug";
import { newsArt, newsCoverPath } from "~/ui/art/art";
import { newsSearchText } from "./news-search.server";
import { NEWS_CATEGORIES, NEWS_TAGS } from "./news-taxonomy";
import { newsArticles } from "./tables";

/**
 * How a cover is cut from a scene (public/images/art/{scene}.svg); its box is 40:21 high. A game
 * has more scenes than its key art (`scenes/<game>/<name>`), so its articles need not share one.
 */
const coverArtSchema = z.strictObject({
  scene: z
    .string()
    .regex(
      new RegExp(`^((games|offices|pages)/${slugPattern}|scenes/${slugPattern}/${slugPattern})$`),
      'Must name a scene: "games/<slug>", "scenes/<game>/<name>", "offices/<slug>" or "pages/<name>"',
    ),
  box: z.strictObject({
    x: z.number().min(0),
    y: z.number().min(0),
    width: z.number().positive(),
  }),
  focus,
  grade: z
    .strictObject({
      brightness: z.number().positive().optional(),
      saturation: z.number().min(0).optional(),
      hue: z.number().min(-180).max(180).optional(),
    })
    .optional(),
});

/**
 * Front matter of content/news/{slug}/{lang}.md; the body is the article (Markdown). Date,
 * author, category, tags, cover and its cut are the same in every language (checked across the
 * files).
 */
export const newsArticleFrontMatterSchema = z.strictObject({
  title: text,
  date: z.iso.date(),
  author: text,
  category: z.enum(NEWS_CATEGORIES),
  tags: z.array(z.enum(NEWS_TAGS)).max(6).default([]),
  cover: publicPath,
  /** How the cover is cut from a scene; `cover` is then its 1200 JPEG rendition. */
  coverArt: coverArtSchema.optional(),
  summary: text.max(300),
  /** A YouTube or Twitch trailer played under the cover after a click (features/embeds). */
  trailer: trailerUrl.optional(),
});
export type NewsArticleFrontMatter = z.infer<typeof newsArticleFrontMatterSchema>;

export type NewsArticleData = Omit<
  NewsArticleFrontMatter,
  "title" | "summary" | "date" | "trailer" | "coverArt"
> & {
  trailer: string | null;
  coverArt: NonNullable<NewsArticleFrontMatter["coverArt"]> | null;
  slug: string;
  publishedOn: string;
  title: Localized;
  summary: Localized;
  body: Localized;
};

const filePattern = new RegExp(`^news/(${slugPattern})/(${languages.join("|")})\\.md$`);

/**
 * Blog articles, content/news/{slug}/{lang}.md: every article is written in en, fr and es, and
 * its languages agree on the date, author, category, tags and cover (a translation is the same
 * article).
 */
export const newsArticlesKind: ContentKind<NewsArticleData> = {
  name: "news-articles",
  unitKeyOf(file) {
    const m = filePattern.exec(file);
    return m ? `news:${m[1]}` : null;
  },
  // Every list of articles (the blog's pages, filtered or sorted, an article's related ones, the
  // articles about one game) shows their covers side by side: two cut from one scene read as the
  // same picture twice (the same citadel three times in a row). So no two articles share a scene;
  // a game has several (public/images/art/scenes/{game}/, docs/art-direction.md).
  check(units, lookup) {
    const first = new Map<string, string>();
    for (const { data, sources } of units) {
      const scene = data.coverArt?.scene;
      if (!scene) continue;
      const other = first.get(scene);
      if (other) {
        lookup.problem(
          sources[0]!,
          "coverArt.scene",
          `${scene} is already the cover of ${other}: cut another scene`,
        );
      } else first.set(scene, data.slug);
    }
  },
  parse(reader) {
    const slugs = new Set<string>();
    for (const file of reader.files.keys()) {
      const m = filePattern.exec(file);
      if (m) slugs.add(m[1]!);
    }
    const articles = [];
    for (const slug of slugs) {
      const title: Partial<Localized> = {};
      const summary: Partial<Localized> = {};
      const body: Partial<Localized> = {};
      let shared: { data: NewsArticleFrontMatter; file: string } | undefined;
      let valid = true;
      for (const lang of languages) {
        const file = `news/${slug}/${lang}.md`;
        if (!reader.files.has(file)) {
          reader.fileProblem(file, "file is missing (every article is written in en, fr and es)");
          valid = false;
          continue;
        }
        const parsed = reader.parseMarkdown(file, newsArticleFrontMatterSchema);
        if (!parsed) {
          valid = false;
          continue;
        }
        title[lang] = parsed.data.title;
        summary[lang] = parsed.data.summary;
        body[lang] = parsed.body;
        if (!shared) {
          shared = { data: parsed.data, file };
          continue;
        }
        for (const field of ["date", "author", "category", "tags", "cover", "coverArt", "trailer"] as const) {
          const mine = JSON.stringify(parsed.data[field]);
          const theirs = JSON.stringify(shared.data[field]);
          if (mine !== theirs) {
            reader.problem(file, field, `Must be the same in every language (${shared.file} says ${theirs})`);
            valid = false;
          }
        }
      }
      if (!valid || !shared) continue;
      const { date, author, category, tags, cover, coverArt, trailer } = shared.data;
      articles.push({
        key: `news:${slug}`,
        sources: languages.map((lang) => `news/${slug}/${lang}.md`),
        data: {
          slug,
          publishedOn: date,
          author,
          category,
          tags,
          cover,
          coverArt: coverArt ?? null,
          trailer: trailer ?? null,
          title: title as Localized,
          summary: summary as Localized,
          body: body as Localized,
        },
      });
    }
    return articles;
  },
  // A cover cut from a scene is named by its 1200 JPEG rendition, as every language names it.
  assets: (units) =>
    units.map(({ data, sources }) => {
      const file = sources[0]!;
      const own = data.coverArt && newsCoverPath(newsArt(data.slug, data.coverArt));
      if (own && data.cover !== own) {
        return { file, field: "cover", missing: `must be ${own}, the rendition its coverArt cuts` };
      }
      return { file, field: "cover", asset: data.cover };
    }),
  art: (units) =>
    units.flatMap(({ data, sources }) =>
      data.coverArt ? [{ file: sources[0]!, what: "cover art", art: newsArt(data.slug, data.coverArt) }] : [],
    ),
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: newsArticles,
      key: newsArticles.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        category: data.category,
        tags: data.tags,
        publishedOn: data.publishedOn,
        author: data.author,
        cover: data.cover,
        coverArt: data.coverArt,
        trailer: data.trailer,
        title: data.title,
        summary: data.summary,
        body: data.body,
        searchText: newsSearchText(data),
      }),
    }),
};
