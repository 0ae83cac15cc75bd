import sanitizeHtml from "sanitize-html";
import { isLanguage, type Language } from "~/platform/i18n/languages";
import { asciiSlug } from "~/platform/text/fold";
import { frenchFirstRefusal } from "../offer-languages";
import type { JobOfferText, JobSalary } from "../tables";
import type { GreenhouseJob } from "./greenhouse-feed.server";

/**
 * How a Greenhouse job becomes one of our job offers (documented in content/README.md,
 * "Offers from Greenhouse"). Pure functions: the sync (greenhouse-sync.server.ts) feeds them
 * our offices and vocabularies and writes what they return.
 *
 * - Office: the job's first office whose name or location names one of ours (slug, name in any
 *   language, or city; case and accents ignored, plus the aliases below). None: skipped.
 * - Team: the job's first department whose name is one of our team slugs or labels (any
 *   language). None: skipped (a team-less offer would escape every team filter).
 * - Level and commitment: a custom field named like "Position level" / "Employment type"
 *   ("Commitment") holding one of our slugs or labels; else read from the title (senior,
 *   lead/manager/director → management, junior, intern → junior + internship); else
 *   intermediate and full-time.
 * - Pay: the first published pay range (cents → units), as a yearly amount.
 * - Language: the posting's language; one Greenhouse posting is one language of one offer.
 */

export type OfficeForMapping = {
  id: number;
  slug: string;
  names: string[];
  city: string;
  inEu: boolean;
};

export type TermsForMapping = Record<
  "team" | "level" | "commitment",
  Array<{ slug: string; labels: string[] }>
>;

export type MappedOffer = {
  slug: string;
  externalId: string;
  officeId: number;
  team: string;
  level: string;
  commitment: string;
  texts: Partial<Record<Language, JobOfferText>>;
  salary: JobSalary | null;
  publishedAt: Date;
  applyUrl: string;
};

export type MapResult = { ok: true; offer: MappedOffer } | { ok: false; reason: string };

/** Lowercase, without accents or punctuation: "Québec" and "quebec" are one key. */
export function matchKey(value: string): string {
  return asciiSlug(value, " ");
}

/** Names a recruiter may type for our offices that are none of our own spellings. */
const officeAliases: Record<string, string> = {
  ghent: "gent",
  "quebec city": "quebec",
  "ville de quebec": "quebec",
  "petaling jaya": "kuala-lumpur",
  kl: "kuala-lumpur",
  warszawa: "warsaw",
};

function findOffice(job: GreenhouseJob, offices: OfficeForMapping[]): OfficeForMapping | undefined {
  const byKey = new Map<string, OfficeForMapping>();
  for (const office of offices) {
    for (const name of [office.slug, office.city, ...office.names]) byKey.set(matchKey(name), office);
  }
  const candidates = [
    ...job.offices.flatMap((o) => [o.name, o.location ?? ""]),
    job.location?.name ?? "",
  ].filter(Boolean);
  for (const candidate of candidates) {
    const key = matchKey(candidate);
    const direct = byKey.get(key) ?? offices.find((o) => o.slug === officeAliases[key]);
    if (direct) return direct;
    // "Québec, QC, Canada": the first comma-separated part names the city.
    const first = matchKey(candidate.split(",")[0] ?? "");
    const partial = byKey.get(first) ?? offices.find((o) => o.slug === officeAliases[first]);
    if (partial) return partial;
  }
  return undefined;
}

function findTerm(value: unknown, terms: TermsForMapping[keyof TermsForMapping]): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const key = matchKey(value);
  return terms.find((t) => matchKey(t.slug) === key || t.labels.some((l) => matchKey(l) === key))?.slug;
}

function metadataValue(job: GreenhouseJob, names: RegExp): unknown {
  return job.metadata?.find((m) => names.test(m.name))?.value;
}

function levelFromTitle(title: string): string | undefined {
  const key = matchKey(title);
  if (/\b(lead|principal|manager|director|head)\b/.test(key)) return "management";
  if (/\bsenior|\bsr\b/.test(key)) return "senior";
  if (/\b(junior|jr|intern|internship|stagiaire|graduate)\b/.test(key)) return "junior";
  return undefined;
}

function commitmentFromTitle(title: string): string | undefined {
  const key = matchKey(title);
  if (/\b(intern|internship|stage|stagiaire|practicas)\b/.test(key)) return "internship";
  if (/\b(part time|temps partiel)\b/.test(key)) return "part-time";
  if (/\b(contract|contractor|contrat)\b/.test(key)) return "contract";
  return undefined;
}

/** Greenhouse sends its HTML entity-escaped once ("&lt;p&gt;"); this undoes exactly that. */
export function unescapeGreenhouseHtml(escaped: string): string {
  return escaped
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * The description as safe HTML on one line: the page renders descriptions as Markdown, where a
 * line of HTML passes through untouched (and is sanitized again at render time).
 */
export function sanitizeDescription(escaped: string): string {
  const clean = sanitizeHtml(unescapeGreenhouseHtml(escaped), {
    allowedTags: ["p", "br", "h2", "h3", "h4", "strong", "em", "ul", "ol", "li", "a", "blockquote"],
    allowedAttributes: { a: ["href", "title"] },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    transformTags: { h1: "h2", h5: "h4", h6: "h4", b: "strong", i: "em" },
  });
  return clean.replace(/\s*\n\s*/g, " ").trim();
}

function parseDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function mapGreenhouseJob(
  job: GreenhouseJob,
  offices: OfficeForMapping[],
  terms: TermsForMapping,
): MapResult {
  const office = findOffice(job, offices);
  if (!office) {
    const named = job.offices.map((o) => o.name).join(", ") || job.location?.name || "none";
    return { ok: false, reason: `office "${named}" is not one of ours` };
  }
  const team = job.departments.map((d) => findTerm(d.name, terms.team)).find(Boolean);
  if (!team) {
    const named = job.departments.map((d) => d.name).join(", ") || "none";
    return { ok: false, reason: `department "${named}" is not one of our teams` };
  }
  const level =
    findTerm(metadataValue(job, /level|seniority/i), terms.level) ??
    levelFromTitle(job.title) ??
    "intermediate";
  const commitment =
    findTerm(metadataValue(job, /commitment|employment type|job type/i), terms.commitment) ??
    commitmentFromTitle(job.title) ??
    "full-time";
  if (!terms.level.some((t) => t.slug === level)) return { ok: false, reason: `level "${level}" unknown` };
  if (!terms.commitment.some((t) => t.slug === commitment))
    return { ok: false, reason: `commitment "${commitment}" unknown` };

  const language = (job.language ?? "en").slice(0, 2).toLowerCase();
  if (!isLanguage(language)) return { ok: false, reason: `language "${job.language}" is not one of ours` };
  const notInFrench = frenchFirstRefusal(office.slug, language === "fr");
  if (notInFrench) return { ok: false, reason: `${notInFrench}; posting is "${language}"` };

  const range = job.pay_input_ranges?.[0];
  const salary: JobSalary | null =
    range && range.min_cents > 0
      ? {
          min: range.min_cents / 100,
          ...(range.max_cents && range.max_cents >= range.min_cents ? { max: range.max_cents / 100 } : {}),
          currency: range.currency_type,
          period: "YEAR",
        }
      : null;
  if (office.inEu && !salary) {
    return {
      ok: false,
      reason: `offers at an EU office (${office.slug}) state their pay (Directive (EU) 2023/970); the feed has none`,
    };
  }

  const publishedAt = parseDate(job.first_published) ?? parseDate(job.updated_at);
  if (!publishedAt) return { ok: false, reason: "no valid first_published or updated_at date" };

  return {
    ok: true,
    offer: {
      slug: `greenhouse-${job.id}`,
      externalId: String(job.id),
      officeId: office.id,
      team,
      level,
      commitment,
      texts: {
        [language]: {
          title: job.title.trim(),
          description: sanitizeDescription(job.content),
          responsibilities: [],
          requirements: [],
        },
      },
      salary,
      publishedAt,
      applyUrl: job.absolute_url,
    },
  };
}
