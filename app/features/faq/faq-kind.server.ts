import { z } from "zod";
import { localized, slug, text } from "~/features/content";
import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { checkGameSlugs } from "~/features/games/index.server";
import { type Language, type Localized, languages } from "~/platform/i18n/languages";
import { slugPattern } from "~/platform/text/slug";
import { faqCategories, faqItems } from "./tables";

/** content/faq/{category}/category.yaml */
export const faqCategoryFileSchema = z.strictObject({
  section: z.enum(["internships", "playtesting", "support"]),
  sort: z.int(),
  title: localized,
  description: localized.optional(),
});
export type FaqCategoryUnit = z.infer<typeof faqCategoryFileSchema> & { slug: string };

/** Front matter of content/faq/{category}/{nn}-{slug}.{lang}.md; the body is the answer. */
export const faqItemFrontMatterSchema = z.strictObject({
  title: text,
  /** The games the answer is about (their pages show it); the same list in every language. */
  games: z.array(slug).optional(),
});

export type FaqItemUnit = {
  slug: string;
  category: string;
  sort: number;
  title: Localized;
  description: Localized;
  games: string[];
};

const slugPart = `(${slugPattern})`;
const categoryPattern = new RegExp(`^faq/${slugPart}/category\\.yaml$`);
const itemPattern = new RegExp(`^faq/${slugPart}/(\\d{2})-${slugPart}\\.(${languages.join("|")})\\.md$`);

const categoryFiles: YamlFiles<typeof faqCategoryFileSchema, FaqCategoryUnit> = {
  pattern: categoryPattern,
  key: ([, slug]) => `faq-category:${slug}`,
  schema: faqCategoryFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

/** The FAQ's categories, each in one of the pages' sections; removing one removes its answers. */
export const faqCategoriesKind: ContentKind<FaqCategoryUnit> = {
  name: "faq-categories",
  unitKeyOf: (file) => yamlFileKey(categoryFiles, file),
  parse: (reader) => parseYamlFiles(reader, categoryFiles),
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: faqCategories,
      key: faqCategories.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        section: data.section,
        title: data.title,
        description: data.description ?? null,
        sort: data.sort,
      }),
    }),
};

/**
 * The FAQ's answers: `{nn}-{slug}.{lang}.md` beside their category, in every language; the
 * slug is unique across the FAQ and `nn` orders the answers in their category.
 */
export const faqItemsKind: ContentKind<FaqItemUnit> = {
  name: "faq-items",
  unitKeyOf(file) {
    const m = itemPattern.exec(file);
    return m ? `faq-item:${m[3]}` : null;
  },
  parse(reader) {
    const bySlug = new Map<string, { category: string; sort: number; files: Map<Language, string> }>();
    for (const file of reader.files.keys()) {
      const m = itemPattern.exec(file);
      if (!m) continue;
      const [, category, sort, slug, lang] = m as unknown as [string, string, string, string, Language];
      const entry = bySlug.get(slug) ?? { category, sort: Number(sort), files: new Map() };
      if (entry.category !== category || entry.sort !== Number(sort)) {
        reader.fileProblem(
          file,
          `FAQ answer "${slug}" is also in faq/${entry.category}/ numbered ${entry.sort}: the files of one answer share one name, and names are unique across the FAQ`,
        );
        continue;
      }
      entry.files.set(lang, file);
      bySlug.set(slug, entry);
    }
    const units = [];
    for (const [slug, entry] of bySlug) {
      const base = `faq/${entry.category}/${String(entry.sort).padStart(2, "0")}-${slug}`;
      if (!reader.files.has(`faq/${entry.category}/category.yaml`)) {
        reader.fileProblem(
          `faq/${entry.category}/category.yaml`,
          "file is missing (the FAQ answers beside it need it)",
        );
      }
      const title: Partial<Localized> = {};
      const description: Partial<Localized> = {};
      const gamesByLang = new Map<Language, string>();
      for (const lang of languages) {
        const file = entry.files.get(lang);
        if (!file) {
          reader.fileProblem(
            `${base}.${lang}.md`,
            "file is missing (every FAQ answer is written in en, fr and es)",
          );
          continue;
        }
        const parsed = reader.parseMarkdown(file, faqItemFrontMatterSchema);
        if (parsed) {
          title[lang] = parsed.data.title;
          description[lang] = parsed.body;
          gamesByLang.set(lang, [...(parsed.data.games ?? [])].sort().join(","));
        }
      }
      const gameLists = new Set(gamesByLang.values());
      if (gameLists.size > 1) {
        reader.problem(
          entry.files.get("en") ?? `${base}.en.md`,
          "games",
          "Must be the same in every language of the answer",
        );
        continue;
      }
      if (languages.every((lang) => title[lang] && description[lang])) {
        units.push({
          key: `faq-item:${slug}`,
          sources: languages.map((lang) => entry.files.get(lang)!),
          data: {
            slug,
            category: entry.category,
            sort: entry.sort,
            title: title as Localized,
            description: description as Localized,
            games: [...gameLists][0]?.split(",").filter(Boolean) ?? [],
          },
        });
      }
    }
    return units;
  },
  check(units, lookup) {
    for (const { data, sources } of units) checkGameSlugs(lookup, sources[0]!, "games", data.games);
  },
  async store(tx, units, changed) {
    const categoryIds = new Map(
      (await tx.select({ id: faqCategories.id, slug: faqCategories.slug }).from(faqCategories)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    return syncRows(tx, {
      table: faqItems,
      key: faqItems.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        categoryId: categoryIds.get(data.category)!,
        title: data.title,
        description: data.description,
        games: data.games,
        sort: data.sort,
      }),
    });
  },
};
