import { z } from "zod";
import { focus, localized, text } from "~/features/content";
import {
  type ContentKind,
  deleteMissing,
  parseYamlFiles,
  upsertRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { officeArt } from "~/ui/art/art";
import { offices } from "./tables";

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

/**
 * content/offices/{slug}.yaml. Its city scene is public/images/art/offices/{slug}.svg and its
 * renditions (docs/art-direction.md), framed on the landmark where `art.focus` puts it, else on
 * the middle a little above; the content check reports an office whose files are missing.
 */
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
    /** EU offices publish pay on every offer (Directive (EU) 2023/970). */
    inEu: z.boolean(),
    art: z.strictObject({ focus }).optional(),
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
/** An office as other kinds' checks see it (ContentLookup.units("offices")). */
export type OfficeUnit = OfficeFile & { slug: string };

const filePattern = new RegExp(String.raw`^offices\/(${slugPattern})\.yaml$`);

const officeFiles: YamlFiles<typeof officeFileSchema, OfficeUnit> = {
  pattern: filePattern,
  key: ([, slug]) => `office:${slug}`,
  schema: officeFileSchema,
  unit: (data, [, slug]) => ({ ...data, slug: slug! }),
};

/** The studio's offices, at least one; job offers and playtest sites name them by slug. */
export const officesKind: ContentKind<OfficeUnit> = {
  name: "offices",
  unitKeyOf: (file) => yamlFileKey(officeFiles, file),
  parse(reader) {
    const units = parseYamlFiles(reader, officeFiles);
    if (![...reader.files.keys()].some((file) => filePattern.test(file))) {
      reader.fileProblem("offices/", "at least one office is required");
    }
    return units;
  },
  art: (units) =>
    units.map(({ sources, data }) => ({
      file: sources[0]!,
      what: "city scene",
      art: officeArt(data.slug, data.art?.focus),
    })),
  async store(tx, units, changed) {
    const pending = units.filter(changed);
    await upsertRows(
      tx,
      offices,
      [offices.slug],
      pending.map(({ data }) => ({
        slug: data.slug,
        name: data.name,
        country: data.country,
        continent: data.continent,
        address: data.address,
        latitude: data.latitude,
        longitude: data.longitude,
        timezone: data.timezone,
        email: data.email ?? null,
        phone: data.phone ?? null,
        summary: data.summary,
        inEu: data.inEu,
        art: data.art ?? null,
        sort: data.sort,
      })),
    );
    return { upserted: pending.length, removed: 0 };
  },
  // After the job offers are stored: an offer moved from a removed office to another keeps its
  // row. The offers still at a removed office leave with it (job_offers.office_id cascades): by
  // then none is open from the content, the jobs gone from the folder were closed when stored,
  // and one still naming a removed office fails its check.
  removeGone: (tx, units) =>
    deleteMissing(
      tx,
      offices,
      offices.slug,
      units.map((u) => u.data.slug),
    ),
};
