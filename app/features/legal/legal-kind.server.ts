import { z } from "zod";
import { text } from "~/features/content";
import { type ContentKind, syncRows } from "~/features/content/index.server";
import { type Localized, languages } from "~/platform/i18n/languages";
import { legalDocuments } from "./tables";

/**
 * The legal pages, each a folder content/legal/{doc}/ with one Markdown file per language. The
 * playtest NDA is one too (no page of its own: a confirmed tester reads and signs it on the status
 * page, features/playtesting/nda.server.ts).
 */
export const legalDocumentSlugs = ["privacy", "fan-content-policy", "tos", "gdpr", "playtest-nda"] as const;
export type LegalDocumentSlug = (typeof legalDocumentSlugs)[number];

/** Front matter of content/legal/{doc}/{lang}.md; the body is the document (Markdown). */
export const legalFrontMatterSchema = z.strictObject({
  title: text,
  /** Bumped when the meaning changes (the terms of service are version 1). */
  version: z.int().min(1),
  /** Date of the last change, the same in every language. */
  lastChanged: z.iso.date(),
});

export type LegalDocumentUnit = {
  slug: LegalDocumentSlug;
  title: Localized;
  body: Localized;
  version: number;
  lastChanged: string;
};

const cookieTablePlaceholder = /\{\{\s*cookies\.table\s*\}\}/;

const filePattern = new RegExp(`^legal/(${legalDocumentSlugs.join("|")})/(${languages.join("|")})\\.md$`);

/**
 * content/legal/{doc}/{lang}.md: every legal page exists in every language, and its languages
 * agree on the version and the date of last change (a translation is part of the same text).
 */
export const legalDocumentsKind: ContentKind<LegalDocumentUnit> = {
  name: "legal-documents",
  unitKeyOf(file) {
    const m = filePattern.exec(file);
    return m ? `legal:${m[1]}` : null;
  },
  parse(reader) {
    const documents = [];
    for (const slug of legalDocumentSlugs) {
      const title: Partial<Localized> = {};
      const body: Partial<Localized> = {};
      let shared: { version: number; lastChanged: string; file: string } | undefined;
      let valid = true;
      for (const lang of languages) {
        const file = `legal/${slug}/${lang}.md`;
        if (!reader.files.has(file)) {
          reader.fileProblem(file, "file is missing (every legal page is written in en, fr and es)");
          valid = false;
          continue;
        }
        const parsed = reader.parseMarkdown(file, legalFrontMatterSchema);
        if (!parsed) {
          valid = false;
          continue;
        }
        // The privacy policy's cookie table is the site's cookie list (legal.server.ts): a table
        // written by hand would go stale as soon as the code sets another cookie.
        if (slug === "privacy" && !cookieTablePlaceholder.test(parsed.body)) {
          reader.problem(file, "(body)", "Must list the cookies with {{cookies.table}}");
          valid = false;
        }
        title[lang] = parsed.data.title;
        body[lang] = parsed.body;
        if (!shared) {
          shared = { version: parsed.data.version, lastChanged: parsed.data.lastChanged, file };
          continue;
        }
        for (const field of ["version", "lastChanged"] as const) {
          if (parsed.data[field] !== shared[field]) {
            reader.problem(
              file,
              field,
              `Must be the same in every language (${shared.file} says ${shared[field]})`,
            );
            valid = false;
          }
        }
      }
      if (valid && shared) {
        documents.push({
          key: `legal:${slug}`,
          sources: languages.map((lang) => `legal/${slug}/${lang}.md`),
          data: {
            slug,
            title: title as Localized,
            body: body as Localized,
            version: shared.version,
            lastChanged: shared.lastChanged,
          },
        });
      }
    }
    return documents;
  },
  store: (tx, units, changed) =>
    syncRows(tx, {
      table: legalDocuments,
      key: legalDocuments.slug,
      units,
      changed,
      row: (data) => ({
        slug: data.slug,
        title: data.title,
        body: data.body,
        version: data.version,
        lastChanged: data.lastChanged,
      }),
    }),
};
