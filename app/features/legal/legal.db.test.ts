import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSiteCookies } from "~/features/account/index.server";
import { siteCookies } from "~/features/consent/index.server";
import { loadContent, stampContent } from "~/features/content/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Database, Db } from "~/platform/db/client.server";
import { languages } from "~/platform/i18n/languages";
import { contentKinds } from "../../../server/content-kinds";
import { contentCopies, testContent } from "../../../tests/support/content-copies";
import { createTestDatabase } from "../../../tests/support/test-db";
import { getLegalDocument } from "./legal.server";
import { legalDocumentSlugs } from "./legal-kind.server";
import { legalDocuments } from "./tables";

const quiet = { info: () => {}, warn: () => {} };
let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database?.close();
});

const copyContent = contentCopies();

describe("legal documents", () => {
  it("are stored by the content loader and served rendered, anchored and filled in every language", async () => {
    await loadContent(db, testContent, contentKinds, quiet);
    expect(await db.$count(legalDocuments)).toBe(legalDocumentSlugs.length);
    for (const lang of languages) {
      const studio = await getStudioInfo(db, lang);
      const privacy = await getLegalDocument(db, "privacy", lang, studio);
      expect(privacy).not.toBeNull();
      expect(privacy?.lastChanged).toBe("2026-11-26");
      expect(privacy?.html).not.toContain("{{");
      expect(privacy?.html).toContain(`<a href="mailto:${studio.email.privacy}">${studio.email.privacy}</a>`);
      expect(privacy?.html).not.toMatch(/<script|<h1/);
      // Every contents entry points at a heading of the document.
      const ids = privacy!.toc.flatMap((e) => [e.id, ...e.children.map((c) => c.id)]);
      expect(ids.length).toBeGreaterThanOrEqual(10);
      for (const id of ids) expect(privacy?.html).toContain(` id="${id}"`);
      // The cookie section is the site's cookie list, rendered in the page's language: one row
      // per cookie under the language's headings.
      const table = /<table>[\s\S]*?<\/table>/.exec(privacy?.html ?? "")?.[0] ?? "";
      expect(table.match(/<tr>/g)?.length, lang).toBe(siteCookies().length + 1);
      expect(table).toContain(`<th>${{ en: "Purpose", fr: "Fin", es: "Finalidad" }[lang]}</th>`);
      for (const cookie of siteCookies()) {
        expect(table).toContain(
          cookie.setBy === "site" ? `<td><code>${cookie.name}</code>` : `<td>${cookie.label[lang]}`,
        );
        expect(table).toContain(`<td>${cookie.lifetime[lang]}</td>`);
      }
      expect(table).toContain(`<td>${accountSiteCookies[0]?.purpose[lang]} (`);
      expect(privacy?.html).toMatch(/760/);
      const tos = await getLegalDocument(db, "tos", lang, studio);
      expect(tos?.version).toBe(1);
    }
    const fr = await getLegalDocument(db, "gdpr", "fr", await getStudioInfo(db, "fr"));
    expect(fr?.title).toBe("Vos droits sur vos données (RGPD)");
  });

  it("follows an edited text and drops nothing else", async () => {
    const dir = copyContent();
    await stampContent(dir);
    await loadContent(db, dir, contentKinds, quiet);
    const file = path.join(dir, "legal/fan-content-policy/es.md");
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("## Mods", "## Modificaciones"));
    await stampContent(dir);
    const report = await loadContent(db, dir, contentKinds, quiet);
    expect(report).toMatchObject({ changed: true, upserted: 1, removed: 0 });
    const studio = await getStudioInfo(db, "es");
    const doc = await getLegalDocument(db, "fan-content-policy", "es", studio);
    expect(doc?.toc.map((e) => e.id)).toContain("modificaciones");
    expect(await db.$count(legalDocuments)).toBe(legalDocumentSlugs.length);
  });
});
