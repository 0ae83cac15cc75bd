import { z } from "zod";
import { httpsUrl, localized, slug, text } from "~/features/content";
import { trailerUrl } from "~/features/embeds/index.server";
import { slugMaxLength, slugPattern } from "~/platform/text/slug";
import { pressKitKinds } from "./tables";

/**
 * `content/press/<kit>/kit.yaml`: one press kit in the spirit of presskit() (layout in
 * content/README.md). Prose is written in every language; facts (dates, platforms, prices,
 * names) are shared. A game kit names its game and inherits that game's release date,
 * platforms and website unless it states its own (an archived kit keeps the facts of its day).
 * Awards are not repeated here: the kit shows those of home.yaml for its game (all of them for
 * the studio kit) won by the kit's date.
 */

/**
 * A kit's address: its folder under content/press (checked before any lookup), within the one
 * slug length limit every address shares.
 */
export const kitSlug = slug.max(slugMaxLength);
/** A file of the kit's `files/` folder. */
export const kitFileName = z
  .string()
  .regex(
    new RegExp(String.raw`^${slugPattern}\.(png|jpg|svg)$`),
    "Must be a file name such as key-art.png (png, jpg or svg)",
  );

const asset = z.strictObject({ file: kitFileName, caption: localized });

export const pressKitFileSchema = z
  .strictObject({
    name: text,
    /** `studio` for the studio's own kit; `game` kits name a game under content/games. */
    kind: z.enum(pressKitKinds),
    game: slug.optional(),
    /** Order among current kits (the studio kit comes first whatever its number). */
    sort: z.int().min(0).max(1000),
    /** When this version of the kit was published (YYYY-MM-DD). */
    updatedOn: z.iso.date(),
    /** An earlier kit, listed in the archive with its date. */
    archived: z.boolean().default(false),
    tagline: localized,
    facts: z.strictObject({
      /** The studio's name when left out. */
      developer: text.optional(),
      publisher: text.optional(),
      basedIn: localized,
      releaseDate: z.iso.date().optional(),
      platforms: z.array(text).min(1).optional(),
      website: httpsUrl.optional(),
      price: z
        .array(
          z.strictObject({
            amount: z.number().min(0).max(1000),
            currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code such as USD"),
          }),
        )
        .min(1)
        .optional(),
    }),
    description: localized,
    history: localized,
    features: z.array(localized).min(1).max(12),
    videos: z
      .array(
        z.strictObject({
          title: localized,
          /** The video's page; opened in a new tab, nothing of it loads on our page. */
          url: httpsUrl,
          /** An image of `images` shown as the video's poster. */
          poster: kitFileName,
          duration: z.string().regex(/^\d{1,2}:\d{2}$/, "Must be m:ss"),
        }),
      )
      .default([]),
    /**
     * The trailer played in the page after a click (YouTube or Twitch; features/embeds), over
     * `poster`, one of `images`.
     */
    trailer: z
      .strictObject({
        url: trailerUrl,
        title: localized,
        poster: kitFileName,
        /** When the video was published: the game page's VideoObject (structured data) requires it. */
        uploadDate: z.iso.date(),
      })
      .optional(),
    images: z.array(asset).min(1).max(24),
    logos: z.array(asset).min(1).max(12),
    quotes: z
      .array(
        z.strictObject({
          /** As published, in the outlet's language. */
          quote: text,
          author: text.optional(),
          outlet: text,
          url: httpsUrl.optional(),
        }),
      )
      .default([]),
    monetization: localized,
    team: z.array(z.strictObject({ name: text, role: localized })).min(1),
    contacts: z.array(z.strictObject({ label: localized, email: z.email() })).min(1),
  })
  .superRefine((kit, ctx) => {
    if (kit.kind === "game" && !kit.game) {
      ctx.addIssue({ code: "custom", path: ["game"], message: "Required for a game kit" });
    }
    if (kit.kind === "studio" && kit.game) {
      ctx.addIssue({ code: "custom", path: ["game"], message: "A studio kit names no game" });
    }
    const images = new Set(kit.images.map((image) => image.file));
    kit.videos.forEach((video, i) => {
      if (!images.has(video.poster)) {
        ctx.addIssue({
          code: "custom",
          path: ["videos", i, "poster"],
          message: `Must be one of the kit's images (${[...images].join(", ")})`,
        });
      }
    });
    if (kit.trailer && !images.has(kit.trailer.poster)) {
      ctx.addIssue({
        code: "custom",
        path: ["trailer", "poster"],
        message: `Must be one of the kit's images (${[...images].join(", ")})`,
      });
    }
    const seen = new Set<string>();
    [...kit.images, ...kit.logos].forEach((item) => {
      if (seen.has(item.file)) {
        ctx.addIssue({ code: "custom", path: ["images"], message: `${item.file} is listed twice` });
      }
      seen.add(item.file);
    });
  });

export type PressKitFile = z.infer<typeof pressKitFileSchema>;

/** A stored kit (press_kits.kit): only pressKitsKind writes it, once this schema has parsed it. */
export const storedKit = (kit: unknown) => kit as PressKitFile;
