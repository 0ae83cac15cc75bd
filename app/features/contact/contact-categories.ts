import type { StudioInfo } from "~/features/studio";

/**
 * The contact form's topics (docs/requirements.md#contact, `GET /api/contacts/form`). Each goes to
 * one of the studio's published addresses (content/studio.yaml `email`), so changing who answers
 * what is a content edit; business enquiries go to the general address, which triages them.
 */
export const contactCategories = [
  { slug: "general", mailbox: "general" },
  { slug: "press", mailbox: "press" },
  { slug: "business", mailbox: "general" },
  { slug: "support", mailbox: "support" },
  { slug: "careers", mailbox: "recruiting" },
] as const satisfies ReadonlyArray<{ slug: string; mailbox: keyof StudioInfo["email"] }>;

export type ContactCategory = (typeof contactCategories)[number]["slug"];

export const contactCategorySlugs = contactCategories.map((c) => c.slug) as unknown as readonly [
  ContactCategory,
  ...ContactCategory[],
];

/** The address a category's messages go to. */
export function categoryAddress(category: ContactCategory, email: StudioInfo["email"]): string {
  const entry = contactCategories.find((c) => c.slug === category) ?? contactCategories[0];
  return email[entry.mailbox];
}
