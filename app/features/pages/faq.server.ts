import { listFaq } from "~/features/studio/studio.server";
import type { FaqSection } from "~/features/studio/types";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import type { FaqGroup } from "./FaqList";

/** A section's FAQ by category, answers rendered from Markdown to sanitized HTML. */
export async function loadFaqGroups(db: Db, section: FaqSection, lang: Language): Promise<FaqGroup[]> {
  const categories = await listFaq(db, section, lang);
  return categories.map((category) => ({
    id: category.id,
    slug: category.slug,
    title: category.title,
    description: category.description,
    items: category.items.map((item) => ({
      id: item.id,
      slug: item.slug,
      title: item.title,
      html: renderMarkdown(item.description),
    })),
  }));
}
