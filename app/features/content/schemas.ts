import { z } from "zod";
import { NEWS_CATEGORIES, NEWS_TAGS } from "~/features/news/news-taxonomy";
import { socialNetworks } from "~/features/studio/types";
import { languages } from "~/platform/i18n/languages";

/**
 * One schema per kind of file under content/. They check the shape of a single file; rules that
 * span files (a job's office exists, a team slug is known) live in validate-tree.server.ts.
 */

// Field rules shared with the content kinds that features define (press kits…).
export const text = z.string().trim().min(1);
export const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be a lowercase slug (a-z, 0-9, -)");
/** A path under public/, as pages reference it. */
const publicPath = z
  .string()
  .regex(/^\/[\w\-./]+\.(svg|png|jpe?g|webp|avif)$/, "Must be a path under public/");
export const httpsUrl = z.url({ protocol: /^https$/ });

/** A text in every language the site serves. */
export const localized = z.strictObject(
  Object.fromEntries(languages.map((lang) => [lang, text])) as Record<
    (typeof languages)[number],
    typeof text
  >,
);

export const socialNetworkSchema = z.enum(socialNetworks);

/** content/studio.yaml */
export const studioFileSchema = z.strictObject({
  name: text,
  shortName: text,
  logo: publicPath,
  tagline: localized,
  website: httpsUrl,
  forumsUrl: httpsUrl,
  businessUrl: httpsUrl,
  companySize: z.int().min(1),
  foundedYear: z.int().min(1950).max(2100),
  email: z.strictObject({
    general: z.email(),
    press: z.email(),
    recruiting: z.email(),
    support: z.email(),
    privacy: z.email(),
  }),
  socialLinks: z.array(z.strictObject({ network: socialNetworkSchema, url: httpsUrl, label: text })).min(1),
});
export type StudioFile = z.infer<typeof studioFileSchema>;

/** content/home.yaml: the home page's texts, its four value panels and the awards. */
export const homeFileSchema = z.strictObject({
  hero: z.strictObject({ label: localized, title: localized, subtitle: localized }),
  about: z.strictObject({ title: localized, body: localized }),
  vision: z.strictObject({ title: localized, body: localized }),
  banner: z.strictObject({
    title: localized,
    body: localized,
    linkLabel: localized,
    /** A site path (English form, the page localizes it) or an external https URL. */
    link: z.union([z.string().regex(/^\/[\w\-/#?=&]*$/), httpsUrl]),
  }),
  valuePanels: z
    .array(z.strictObject({ slug, icon: slug, title: localized, body: localized }))
    .length(4, "The home page shows exactly four value panels"),
  awards: z
    .array(
      z.strictObject({
        slug,
        title: localized,
        organization: text,
        year: z.int().min(1950).max(2100),
        /** Slug of a game under content/games/. */
        game: slug.optional(),
      }),
    )
    .min(1),
});
export type HomeFile = z.infer<typeof homeFileSchema>;
export type HomeSettings = Pick<HomeFile, "hero" | "about" | "vision" | "banner">;

/** content/games/{slug}.yaml */
export const gameFileSchema = z.strictObject({
  name: text,
  sort: z.int(),
  tagline: localized,
  description: localized,
  platforms: z.array(text).min(1),
  releaseDate: z.iso.date().optional(),
  website: httpsUrl.optional(),
  image: publicPath.optional(),
});
export type GameFile = z.infer<typeof gameFileSchema>;

/** Countries of the European Union, for the inEu cross-check on offices. */
const euCountries = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split(" "),
);

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** content/offices/{slug}.yaml */
export const officeFileSchema = z
  .strictObject({
    sort: z.int(),
    name: localized,
    country: localized,
    continent: z.enum(["europe", "north-america", "asia"]),
    address: z.strictObject({
      street: text,
      postalCode: text,
      city: text,
      region: text.optional(),
      countryCode: z.string().regex(/^[A-Z]{2}$/, "Must be an ISO 3166-1 alpha-2 code"),
    }),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    timezone: z.string().refine(isTimeZone, "Must be an IANA time zone"),
    email: z.email().optional(),
    phone: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, "Must be an E.164 number")
      .optional(),
    summary: localized,
    image: publicPath.optional(),
    /** EU offices publish pay on every offer (Directive (EU) 2023/970). */
    inEu: z.boolean(),
  })
  .superRefine((office, ctx) => {
    if (office.inEu !== euCountries.has(office.address.countryCode)) {
      ctx.addIssue({
        code: "custom",
        path: ["inEu"],
        message: `Must be ${!office.inEu} for country ${office.address.countryCode}`,
      });
    }
  });
export type OfficeFile = z.infer<typeof officeFileSchema>;

/** content/taxonomy/{teams,levels,commitments}.yaml: a filter's vocabulary, in display order. */
export const taxonomyFileSchema = z
  .array(z.strictObject({ slug, label: localized }))
  .min(1)
  .superRefine((terms, ctx) => {
    const seen = new Set<string>();
    terms.forEach((term, i) => {
      if (seen.has(term.slug)) {
        ctx.addIssue({ code: "custom", path: [i, "slug"], message: `Duplicate slug "${term.slug}"` });
      }
      seen.add(term.slug);
    });
  });

/** content/faq/{category}/category.yaml */
export const faqCategoryFileSchema = z.strictObject({
  section: z.enum(["internships", "playtesting", "support"]),
  sort: z.int(),
  title: localized,
  description: localized.optional(),
});
export type FaqCategoryFile = z.infer<typeof faqCategoryFileSchema>;

/** Front matter of content/faq/{category}/{nn}-{slug}.{lang}.md; the body is the answer. */
export const faqItemFrontMatterSchema = z.strictObject({ title: text });

/** content/jobs/{slug}/offer.yaml: where, what, pay and dates; the texts sit beside it. */
export const jobOfferFileSchema = z
  .strictObject({
    office: slug,
    team: slug,
    level: slug,
    commitment: slug,
    salary: z
      .strictObject({
        min: z.number().positive(),
        max: z.number().positive().optional(),
        currency: z.string().regex(/^[A-Z]{3}$/, "Must be an ISO 4217 code"),
        period: z.enum(["YEAR", "MONTH", "HOUR"]),
      })
      .refine((s) => s.max === undefined || s.max >= s.min, {
        path: ["max"],
        message: "Must be at least min",
      })
      .optional(),
    publishedAt: z.iso.date(),
    /** Last day to apply (inclusive, until the end of that day UTC). */
    closesAt: z.iso.date().optional(),
    /** A closed offer stays reachable at its address, saying it no longer takes applications. */
    status: z.enum(["open", "closed"]).default("open"),
    applyUrl: httpsUrl.optional(),
  })
  .refine((job) => !job.closesAt || job.closesAt >= job.publishedAt, {
    path: ["closesAt"],
    message: "Must not be before publishedAt",
  });
export type JobOfferFile = z.infer<typeof jobOfferFileSchema>;

/** Front matter of content/jobs/{slug}/{lang}.md; the body is the description (Markdown). */
export const jobTextFrontMatterSchema = z.strictObject({
  title: text,
  responsibilities: z.array(text).min(1),
  requirements: z.array(text).min(1),
});

/** The legal pages, each a folder content/legal/{doc}/ with one Markdown file per language. */
export const legalDocumentSlugs = ["privacy", "fan-content-policy", "tos", "gdpr"] as const;
export type LegalDocumentSlug = (typeof legalDocumentSlugs)[number];

/** Front matter of content/legal/{doc}/{lang}.md; the body is the document (Markdown). */
export const legalFrontMatterSchema = z.strictObject({
  title: text,
  /** Bumped when the meaning changes (the terms of service are version 1). */
  version: z.int().min(1),
  /** Date of the last change, the same in every language. */
  lastChanged: z.iso.date(),
});

/** content/banners/{slug}.yaml: a home page banner, shown between its dates (inclusive, UTC). */
export const bannerFileSchema = z
  .strictObject({
    sort: z.int(),
    title: localized,
    body: localized,
    /** A site path (English form, the page localizes it) or an external https URL. */
    link: z.union([z.string().regex(/^\/[\w\-/#?=&]*$/), httpsUrl]).optional(),
    linkLabel: localized.optional(),
    startsOn: z.iso.date().optional(),
    endsOn: z.iso.date().optional(),
  })
  .refine((b) => !b.startsOn || !b.endsOn || b.endsOn >= b.startsOn, {
    path: ["endsOn"],
    message: "Must not be before startsOn",
  })
  .refine((b) => (b.link === undefined) === (b.linkLabel === undefined), {
    path: ["linkLabel"],
    message: "A link and its label go together",
  });
export type BannerFile = z.infer<typeof bannerFileSchema>;

/** content/playtests/{site}.yaml: a playtest site, the office that runs it, and its sessions. */
export const playtestSiteFileSchema = z
  .strictObject({
    sort: z.int(),
    /** Slug of an office under content/offices/ (Selangor is served by kuala-lumpur). */
    office: slug,
    name: localized,
    sessions: z
      .array(
        z
          .strictObject({
            slug,
            kind: z.enum(["focus-group", "extended"]),
            title: localized,
            summary: localized,
            startsOn: z.iso.date(),
            endsOn: z.iso.date(),
            status: z.enum(["open", "full"]).default("open"),
          })
          .refine((s) => s.endsOn >= s.startsOn, {
            path: ["endsOn"],
            message: "Must not be before startsOn",
          }),
      )
      .default([]),
  })
  .superRefine((site, ctx) => {
    const seen = new Set<string>();
    site.sessions.forEach((session, i) => {
      if (seen.has(session.slug)) {
        ctx.addIssue({
          code: "custom",
          path: ["sessions", i, "slug"],
          message: `Duplicate slug "${session.slug}"`,
        });
      }
      seen.add(session.slug);
    });
  });
export type PlaytestSiteFile = z.infer<typeof playtestSiteFileSchema>;

/** content/surveys/{code}.yaml: see app/features/playtest/survey-definition.ts. */
export { type SurveyDefinition, surveyDefinitionSchema } from "~/features/playtest/survey-definition";

/**
 * Front matter of content/news/{slug}/{lang}.md; the body is the article (Markdown). Date,
 * author, category, tags and cover are the same in every language (checked across the files).
 */
export const newsArticleFrontMatterSchema = z.strictObject({
  title: text,
  date: z.iso.date(),
  author: text,
  category: z.enum(NEWS_CATEGORIES),
  tags: z.array(z.enum(NEWS_TAGS)).max(6).default([]),
  cover: publicPath,
  summary: text.max(300),
});
export type NewsArticleFrontMatter = z.infer<typeof newsArticleFrontMatterSchema>;
