import { eq } from "drizzle-orm";
import { siteCookies } from "~/features/consent/index.server";
import type { StudioInfo } from "~/features/studio";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import { renderMarkdown } from "~/platform/markdown/markdown.server";
import { cookieTable } from "~/platform/privacy/cookie-registry.server";
import type { LegalDocumentSlug } from "./legal-kind.server";
import { addHeadingAnchors, type TocEntry } from "./legal-toc";
import { legalDocuments } from "./tables";

export type LegalDocument = {
  slug: LegalDocumentSlug;
  title: string;
  version: number;
  /** ISO date (YYYY-MM-DD) of the last change. */
  lastChanged: string;
  /** Sanitized HTML with anchored headings. */
  html: string;
  toc: TocEntry[];
};

/**
 * What a legal text may name with `{{…}}`: the studio's facts, so an address or the studio's
 * name is written once (content/studio.yaml) and never goes stale in twelve documents; and
 * `{{cookies.table}}`, the table of every cookie the site sets in the document's language, from
 * the site's cookie list (features/consent/cookie-list.server.ts), so the privacy policy lists
 * exactly the cookies the code writes.
 */
export function legalPlaceholders(
  studio: Pick<StudioInfo, "name" | "email" | "website">,
  lang: Language,
): Record<string, string> {
  return {
    "cookies.table": cookieTable(siteCookies(), lang),
    studio: studio.name,
    website: studio.website,
    "email.general": studio.email.general,
    "email.privacy": studio.email.privacy,
    "email.support": studio.email.support,
    "email.recruiting": studio.email.recruiting,
    "email.press": studio.email.press,
  };
}

/** Replaces `{{name}}` with its value; an unknown name is left visible so a test catches it. */
export function fillPlaceholders(markdown: string, values: Record<string, string>): string {
  return markdown.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}

/** A legal document in a language, rendered (sanitized) with its table of contents; null if absent. */
export async function getLegalDocument(
  db: Db,
  slug: LegalDocumentSlug,
  lang: Language,
  studio: Pick<StudioInfo, "name" | "email" | "website">,
): Promise<LegalDocument | null> {
  const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.slug, slug));
  if (!row) return null;
  const markdown = fillPlaceholders(pick(row.body, lang) ?? "", legalPlaceholders(studio, lang));
  const { html, toc } = addHeadingAnchors(renderMarkdown(markdown));
  return {
    slug,
    title: pick(row.title, lang) ?? "",
    version: row.version,
    lastChanged: row.lastChanged,
    html,
    toc,
  };
}
