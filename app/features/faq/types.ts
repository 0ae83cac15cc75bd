/**
 * The FAQ as the queries (faq.server.ts) return it: texts in the requested language. Kept apart
 * from the queries so components can import the types without touching server code.
 */

import type { faqCategories } from "./tables";

/** The pages with a FAQ; each category belongs to one (the column's values, for the browser too). */
export const faqSections = ["internships", "playtesting", "support"] as const satisfies ReadonlyArray<
  (typeof faqCategories.section.enumValues)[number]
>;
export type FaqSection = (typeof faqSections)[number];

export type FaqItem = { id: number; slug: string; title: string /** Markdown. */; description: string };

/** An answer as the FAQ lists (FaqList) show it, opened in place. */
export type FaqEntry = { id: number; slug: string; title: string /** Sanitized HTML. */; html: string };

/** A category of a section's FAQ with its answers rendered, as the playtesting and internships pages list them. */
export type FaqGroup = {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  items: FaqEntry[];
};

/** A section's category with its answers, as the playtesting, internships and support pages list them. */
export type FaqCategory = {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  items: FaqItem[];
};

export type FaqCategorySummary = {
  id: number;
  slug: string;
  section: FaqSection;
  title: string;
  description: string | null;
  /** How many answers the category holds. */
  count: number;
};

export type FaqSummary = {
  id: number;
  slug: string;
  title: string;
  /** The answer's opening as plain text, cut at a word. */
  excerpt: string;
  category: { slug: string; title: string };
};

export type FaqCategoryDetail = FaqCategorySummary & { items: FaqSummary[] };

export type FaqArticle = {
  id: number;
  slug: string;
  title: string;
  /** Markdown. */
  description: string;
  /** The answer rendered from Markdown, sanitized. */
  html: string;
  category: { slug: string; title: string; section: FaqSection };
  /** Other answers of the same category. */
  related: FaqSummary[];
};

export type FaqPage = {
  items: FaqSummary[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
};
