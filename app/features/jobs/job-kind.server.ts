import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import { httpsUrl, slug, text } from "~/features/content";
import { type ContentKind, upsertRows } from "~/features/content/index.server";
import { checkGameSlugs } from "~/features/games/index.server";
import { offices } from "~/features/offices/index.server";
import { type Language, type Localized, languages } from "~/platform/i18n/languages";
import { slugPattern } from "~/platform/text/slug";
import { frenchFirstRefusal } from "./offer-languages";
import { type JobOfferText, jobOffers } from "./tables";
import { type TaxonomyUnit, taxonomyFiles } from "./taxonomy-kind.server";
import type { TaxonomyKind } from "./types";

/** content/jobs/{slug}/offer.yaml: where, what, pay and dates; the texts sit beside it. */
export const jobOfferFileSchema = z
  .strictObject({
    office: slug,
    team: slug,
    /** The game the role works on, when it is one (teams are shared across games); its page lists the offer. */
    game: slug.optional(),
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
    /**
     * Whether the hiring process has the skills interview or assessment (fourth of the six
     * steps, "for some roles only"). Most roles test a craft, so a role has it unless it says
     * `false`; forgetting the field costs a step the studio skips, never a test a role needed.
     */
    skillsStep: z.boolean().default(true),
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

export type JobUnit = JobOfferFile & { slug: string; texts: Partial<Localized<JobOfferText>> };

/** What the checks read of an office (the offices kind's units hold more). */
type OfficeFacts = { slug: string; inEu: boolean };

const slugPart = `(${slugPattern})`;
const offerPattern = new RegExp(`^jobs/${slugPart}/offer\\.yaml$`);
const textPattern = new RegExp(`^jobs/${slugPart}/(${languages.join("|")})\\.md$`);

/** The closing date is inclusive: an offer closing on 2026-05-31 takes applications all that day (UTC). */
function endOfDay(date: string): Date {
  return new Date(`${date}T23:59:59.999Z`);
}

/**
 * Job offers: `jobs/{slug}/offer.yaml` and a text in each language it is published in. An offer
 * whose files are gone is closed, not deleted, so its address keeps answering; offers synced
 * from a recruiting service are not content and are left alone.
 */
export const jobsKind: ContentKind<JobUnit> = {
  name: "jobs",
  unitKeyOf(file) {
    const m = offerPattern.exec(file) ?? textPattern.exec(file);
    return m ? `job:${m[1]}` : null;
  },
  parse(reader) {
    const bySlug = new Map<string, { offer?: string; texts: Map<Language, string> }>();
    for (const file of reader.files.keys()) {
      const offer = offerPattern.exec(file);
      const text = textPattern.exec(file);
      const slug = offer?.[1] ?? text?.[1];
      if (!slug) continue;
      const entry: { offer?: string; texts: Map<Language, string> } = bySlug.get(slug) ?? {
        texts: new Map(),
      };
      if (offer) entry.offer = file;
      else entry.texts.set(text![2] as Language, file);
      bySlug.set(slug, entry);
    }
    const units = [];
    for (const [slug, entry] of bySlug) {
      if (!entry.offer) {
        reader.fileProblem(
          `jobs/${slug}/offer.yaml`,
          "file is missing (the offer's texts beside it need it)",
        );
        continue;
      }
      const offer = reader.parseYaml(entry.offer, jobOfferFileSchema);
      if (entry.texts.size === 0) {
        reader.fileProblem(
          `jobs/${slug}/en.md`,
          "file is missing (an offer needs its text in at least one language)",
        );
      }
      const texts: Partial<Localized<JobOfferText>> = {};
      let textsValid = true;
      for (const [lang, file] of entry.texts) {
        const parsed = reader.parseMarkdown(file, jobTextFrontMatterSchema);
        if (parsed) texts[lang] = { ...parsed.data, description: parsed.body };
        else textsValid = false;
      }
      if (offer && textsValid && entry.texts.size > 0) {
        units.push({
          key: `job:${slug}`,
          sources: [entry.offer, ...entry.texts.values()],
          data: { ...offer, slug, texts },
        });
      }
    }
    return units;
  },
  /** What an offer names must exist; the law on offers (pay in the EU, French in Quebec). */
  check(units, lookup) {
    const officesBySlug = new Map(lookup.units<OfficeFacts>("offices").map((o) => [o.data.slug, o.data]));
    const terms = new Map(
      lookup
        .units<TaxonomyUnit>("taxonomy")
        .map((t) => [t.data.kind, new Set(t.data.terms.map((term) => term.slug))]),
    );
    for (const { data: job, sources } of units) {
      const file = sources[0]!;
      const office = officesBySlug.get(job.office);
      checkGameSlugs(lookup, file, "game", job.game ? [job.game] : []);
      if (!office && !lookup.has(`offices/${job.office}.yaml`)) {
        lookup.problem(file, "office", `Unknown office "${job.office}" (no offices/${job.office}.yaml)`);
      }
      for (const kind of ["team", "level", "commitment"] as const satisfies TaxonomyKind[]) {
        const known = terms.get(kind);
        if (known && !known.has(job[kind])) {
          lookup.problem(file, kind, `Unknown ${kind} "${job[kind]}" (not in ${taxonomyFiles[kind]})`);
        }
      }
      if (!office) continue;
      if (office.inEu && !job.salary) {
        lookup.problem(
          file,
          "salary",
          `Required: offers at an EU office (${job.office}) state their pay (Directive (EU) 2023/970)`,
        );
      }
      const notInFrench = frenchFirstRefusal(job.office, Boolean(job.texts.fr), { named: true });
      if (notInFrench)
        lookup.problem(file.replace(/offer\.yaml$/, "fr.md"), "(file)", `Required: ${notInFrench}`);
    }
  },
  async store(tx, units, changed) {
    // Offers gone from the folder are closed, not deleted (their page still answers and says
    // so): the engine's syncRows/deleteMissing delete, so this kind writes its own update.
    const closed = await tx
      .update(jobOffers)
      .set({ status: "closed", updatedAt: new Date() })
      .where(
        and(
          eq(jobOffers.source, "content"),
          eq(jobOffers.status, "open"),
          units.length
            ? notInArray(
                jobOffers.slug,
                units.map((u) => u.data.slug),
              )
            : undefined,
        ),
      )
      .returning({ id: jobOffers.id });
    // Oldest first, so a fresh database numbers them in publication order.
    const pending = units
      .filter(changed)
      .sort(
        (a, b) =>
          a.data.publishedAt.localeCompare(b.data.publishedAt) || a.data.slug.localeCompare(b.data.slug),
      );
    if (pending.length > 0) {
      const officeIds = new Map(
        (await tx.select({ id: offices.id, slug: offices.slug }).from(offices)).map((o) => [o.slug, o.id]),
      );
      const now = new Date();
      await upsertRows(
        tx,
        jobOffers,
        [jobOffers.source, jobOffers.slug],
        pending.map(({ data }) => ({
          slug: data.slug,
          source: "content",
          externalId: null,
          officeId: officeIds.get(data.office)!,
          team: data.team,
          game: data.game ?? null,
          level: data.level,
          commitment: data.commitment,
          texts: data.texts,
          salary: data.salary ?? null,
          status: data.status,
          publishedAt: new Date(`${data.publishedAt}T00:00:00.000Z`),
          closesAt: data.closesAt ? endOfDay(data.closesAt) : null,
          applyUrl: data.applyUrl ?? null,
          skillsStep: data.skillsStep,
          updatedAt: now,
        })),
      );
    }
    return { upserted: pending.length, removed: 0, closed: closed.length };
  },
};
