import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import YAML from "yaml";
import type { Db } from "~/platform/db/client.server";
import { faqCategories, faqItems } from "~/platform/db/schema";
import { type Language, type Localized, languages } from "~/platform/i18n/languages";

/**
 * For the support tests: stores the studio's real support FAQ (content/faq/support-*) without
 * the rest of the content tree, so these tests depend on nothing but the FAQ files.
 */
export async function seedSupportFaq(db: Db, contentDir = path.resolve("content")): Promise<void> {
  const faqDir = path.join(contentDir, "faq");
  const folders = fs
    .readdirSync(faqDir)
    .filter((name) => name.startsWith("support-"))
    .sort();
  for (const folder of folders) {
    const dir = path.join(faqDir, folder);
    const meta = YAML.parse(fs.readFileSync(path.join(dir, "category.yaml"), "utf8")) as {
      section: "support";
      sort: number;
      title: Localized;
      description?: Localized;
    };
    const [category] = await db
      .insert(faqCategories)
      .values({
        slug: folder,
        section: meta.section,
        sort: meta.sort,
        title: meta.title,
        description: meta.description ?? null,
      })
      .returning({ id: faqCategories.id });
    const items = new Map<
      string,
      { sort: number; title: Partial<Localized>; description: Partial<Localized> }
    >();
    for (const file of fs.readdirSync(dir).sort()) {
      const match = /^(\d+)-(.+)\.([a-z]{2})\.md$/.exec(file);
      if (!match) continue;
      const [, sort, slug, lang] = match as unknown as [string, string, string, Language];
      if (!languages.includes(lang)) continue;
      const parsed = matter(fs.readFileSync(path.join(dir, file), "utf8"));
      const item = items.get(slug) ?? { sort: Number(sort), title: {}, description: {} };
      item.title[lang] = String(parsed.data.title);
      item.description[lang] = parsed.content.trim();
      items.set(slug, item);
    }
    for (const [slug, item] of items) {
      await db.insert(faqItems).values({
        slug,
        categoryId: category!.id,
        sort: item.sort,
        title: item.title as Localized,
        description: item.description as Localized,
      });
    }
  }
}
