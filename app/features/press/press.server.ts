import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { parseTrailerUrl } from "~/features/embeds";
import { games } from "~/features/games/index.server";
import { awards } from "~/features/home/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { asciiSlug } from "~/platform/text/fold";
import { renderFactSheet } from "./press-fact-sheet.server";
import { createPressFiles, extensionOf, formats, type PressFiles } from "./press-files.server";
import { type PressKitFile, storedKit } from "./press-kit-file.server";
import type { PressFile, PressKit, PressKits } from "./press-types";
import { type BuiltZip, createPressZips, type PressZips, type ZipEntry } from "./press-zip.server";
import { pressKits } from "./tables";

/** Where a kit's files are served (features/press/press-files-routes.server.ts). */
export const pressPaths = {
  file: (kit: string, name: string) => `/press-kits/${kit}/files/${name}`,
  thumbnail: (kit: string, name: string) => `/press-kits/${kit}/thumbs/${name}.webp`,
  zip: (kit: string, lang: Language) => `/press-kits/${kit}/kit.zip?lang=${lang}`,
};

type KitRow = typeof pressKits.$inferSelect;

/** The kit's trailer as the page plays it; null without one (or one the content check would refuse). */
function trailerOf(
  trailer: PressKitFile["trailer"],
  text: (value: Record<Language, string>) => string,
  images: Map<string, PressFile>,
): PressKit["trailer"] {
  const parsed = trailer ? parseTrailerUrl(trailer.url) : null;
  const poster = trailer ? images.get(trailer.poster) : undefined;
  return trailer && parsed && poster
    ? {
        ...parsed,
        title: text(trailer.title),
        poster: poster.thumbnail,
        uploadDate: trailer.uploadDate,
      }
    : null;
}

/**
 * Press kits: the current kits (studio first, then games in the studio's order) and
 * the archive (newest first), assembled from the stored kit, its game's facts and the awards
 * of home.yaml, with each file's size and dimensions and the size of the kit's zip.
 */
export function createPressKits(svc: Pick<Services, "db" | "files"> & { contentDir: string }) {
  const files: PressFiles = createPressFiles(svc.contentDir);
  const zips: PressZips = createPressZips(svc.files);
  const { db } = svc;

  async function describe(kit: string, name: string, caption: string): Promise<PressFile> {
    const [file, thumb] = await Promise.all([files.file(kit, name), files.thumbnail(kit, name)]);
    return {
      name,
      caption,
      format: formats[extensionOf(name)],
      bytes: file.bytes.length,
      width: file.width,
      height: file.height,
      url: pressPaths.file(kit, name),
      thumbnail: { url: pressPaths.thumbnail(kit, name), width: thumb.width, height: thumb.height },
    };
  }

  async function context(lang: Language) {
    const [studio, gameRows, awardRows] = await Promise.all([
      getStudioInfo(db, lang),
      db.select().from(games),
      db.select().from(awards).orderBy(asc(awards.sort)),
    ]);
    return { studio, games: new Map(gameRows.map((row) => [row.slug, row])), awards: awardRows };
  }

  type Context = Awaited<ReturnType<typeof context>>;

  /** The kit without its zip (the zip is made from this). */
  async function assemble(row: KitRow, lang: Language, ctx: Context): Promise<Omit<PressKit, "download">> {
    const kit = storedKit(row.kit);
    const text = (value: Record<Language, string>) => pick(value, lang) ?? "";
    const game = kit.game ? ctx.games.get(kit.game) : undefined;
    const year = Number(kit.updatedOn.slice(0, 4));
    const [images, logos] = await Promise.all([
      Promise.all(kit.images.map((item) => describe(row.slug, item.file, text(item.caption)))),
      Promise.all(kit.logos.map((item) => describe(row.slug, item.file, text(item.caption)))),
    ]);
    const byName = new Map(images.map((image) => [image.name, image]));
    return {
      slug: row.slug,
      name: kit.name,
      kind: kit.kind,
      game: kit.game ?? null,
      gameArt: game?.art ?? null,
      archived: kit.archived,
      updatedOn: kit.updatedOn,
      tagline: text(kit.tagline),
      facts: {
        developer: kit.facts.developer ?? ctx.studio.name,
        publisher: kit.facts.publisher ?? null,
        basedIn: text(kit.facts.basedIn),
        releaseDate: kit.facts.releaseDate ?? game?.releaseDate ?? null,
        platforms: kit.facts.platforms ?? game?.platforms ?? [],
        website: kit.facts.website ?? game?.website ?? (kit.kind === "studio" ? ctx.studio.website : null),
        price: kit.facts.price ?? [],
      },
      description: text(kit.description),
      history: text(kit.history),
      features: kit.features.map(text),
      videos: kit.videos.map((video) => ({
        title: text(video.title),
        url: video.url,
        duration: video.duration,
        poster: byName.get(video.poster)!.thumbnail,
      })),
      trailer: trailerOf(kit.trailer, text, byName),
      images,
      logos,
      // An archived kit shows what had been won by its date.
      awards: ctx.awards
        .filter((award) => (kit.kind === "studio" || award.game === kit.game) && award.year <= year)
        .map((award) => ({ title: text(award.title), organization: award.organization, year: award.year })),
      quotes: kit.quotes.map((quote) => ({
        quote: quote.quote,
        author: quote.author ?? null,
        outlet: quote.outlet,
        url: quote.url ?? null,
      })),
      monetization: text(kit.monetization),
      team: kit.team.map((member) => ({ name: member.name, role: text(member.role) })),
      contacts: kit.contacts.map((contact) => ({ label: text(contact.label), email: contact.email })),
    };
  }

  /** The kit's zip: its images and logos and the fact sheet in `lang`. */
  async function zipOf(kit: Omit<PressKit, "download">, lang: Language): Promise<BuiltZip> {
    const entries: ZipEntry[] = [];
    const factSheet = Buffer.from(await renderFactSheet(kit, lang));
    entries.push({
      path: `${kit.slug}/fact-sheet-${lang}.md`,
      bytes: factSheet,
      sha256: crypto.createHash("sha256").update(factSheet).digest("hex"),
      compress: true,
    });
    for (const [folder, list] of [
      ["images", kit.images],
      ["logos", kit.logos],
    ] as const) {
      for (const item of list) {
        const file = await files.file(kit.slug, item.name);
        entries.push({
          path: `${kit.slug}/${folder}/${item.name}`,
          bytes: file.bytes,
          sha256: file.sha256,
          compress: extensionOf(item.name) === "svg",
        });
      }
    }
    return zips.ensure(kit.slug, lang, entries, new Date(`${kit.updatedOn}T00:00:00Z`));
  }

  async function complete(row: KitRow, lang: Language, ctx: Context): Promise<PressKit> {
    const kit = await assemble(row, lang, ctx);
    const zip = await zipOf(kit, lang);
    return { ...kit, download: { url: pressPaths.zip(row.slug, lang), bytes: zip.bytes } };
  }

  async function listAll(lang: Language): Promise<PressKits> {
    const [rows, ctx] = await Promise.all([db.select().from(pressKits), context(lang)]);
    const gameOrder = new Map([...ctx.games.values()].map((game) => [game.slug, game.sort]));
    const current = rows
      .filter((row) => !row.archived)
      .sort(
        (a, b) =>
          Number(b.kind === "studio") - Number(a.kind === "studio") ||
          (gameOrder.get(a.game ?? "") ?? a.sort) - (gameOrder.get(b.game ?? "") ?? b.sort) ||
          a.sort - b.sort ||
          a.slug.localeCompare(b.slug),
      );
    const archive = rows
      .filter((row) => row.archived)
      .sort((a, b) => b.updatedOn.localeCompare(a.updatedOn) || a.slug.localeCompare(b.slug));
    return {
      current: await Promise.all(current.map((row) => complete(row, lang, ctx))),
      archive: await Promise.all(archive.map((row) => complete(row, lang, ctx))),
    };
  }

  // Assembling the kits stats every file and renders each fact sheet for its zip's hash: the
  // same answer for every request until the content changes, so it is kept like other content
  // reads (frozen: callers copy before changing).
  const memo = sharedContentMemo(db);
  const list = (lang: Language) => memo(`press-kits|${lang}`, () => listAll(lang));

  return {
    list,

    async get(slug: string, lang: Language): Promise<PressKit | null> {
      const { current, archive } = await list(lang);
      return [...current, ...archive].find((kit) => kit.slug === slug) ?? null;
    },

    /** The kit's zip file (built when missing) and the name it is saved as, or null for an unknown kit. */
    async zip(slug: string, lang: Language): Promise<(BuiltZip & { fileName: string }) | null> {
      const [row] = await db.select().from(pressKits).where(eq(pressKits.slug, slug));
      if (!row) return null;
      const ctx = await context(lang);
      const zip = await zipOf(await assemble(row, lang, ctx), lang);
      return { ...zip, fileName: zipFileName(ctx.studio.shortName, slug, lang) };
    },

    /** The zip's bytes as a stream, or null when another process replaced it meanwhile. */
    openZip(zip: BuiltZip) {
      return zips.open(zip);
    },

    /** A file the kit lists (never another path), with its bytes. */
    async file(slug: string, name: string, variant: "file" | "thumbnail") {
      const [row] = await db.select({ kit: pressKits.kit }).from(pressKits).where(eq(pressKits.slug, slug));
      const kit = row && storedKit(row.kit);
      const listed = kit && [...kit.images, ...kit.logos].some((item) => item.file === name);
      if (!listed) return null;
      return variant === "file" ? files.file(slug, name) : files.thumbnail(slug, name);
    },
  };
}

export type PressKitsService = ReturnType<typeof createPressKits>;

// One per process (its file and zip caches are shared by every request), made on first use.
const instances = new WeakMap<Services, PressKitsService>();

export function pressKitsOf(svc: Services): PressKitsService {
  let instance = instances.get(svc);
  if (!instance) {
    instance = createPressKits({
      db: svc.db,
      contentDir: svc.config.contentDir,
      files: svc.files,
    });
    instances.set(svc, instance);
  }
  return instance;
}

/** "stormkettle-ashen-covenant-press-kit-fr.zip": says what it is in a downloads folder. */
export function zipFileName(studio: string, kit: string, lang: Language) {
  const prefix = asciiSlug(studio);
  return `${prefix && !kit.startsWith(prefix) ? `${prefix}-` : ""}${kit}-press-kit-${lang}.zip`;
}

/**
 * The current game kits' slugs and dates, in the kits' order (sitemap.xml lists them): the
 * studio's kit is /press itself and archived kits carry noindex.
 */
export async function listGamePressKitDates(db: Db): Promise<Array<{ slug: string; updatedOn: string }>> {
  return db
    .select({ slug: pressKits.slug, updatedOn: pressKits.updatedOn })
    .from(pressKits)
    .where(and(eq(pressKits.kind, "game"), eq(pressKits.archived, false)))
    .orderBy(pressKits.sort, pressKits.slug);
}
