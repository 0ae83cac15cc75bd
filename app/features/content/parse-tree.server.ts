import matter from "gray-matter";
import YAML from "yaml";
import type { z } from "zod";
import type { TaxonomyKind } from "~/features/studio/types";
import type { JobOfferText } from "~/platform/db/schema/content";
import { type Language, type Localized, languages } from "~/platform/i18n/languages";
import { ContentError } from "./content-error";
import { contentKinds } from "./content-kind-list.server";
import type { ContentReader, Unit } from "./content-kinds.server";
import type { ContentFiles } from "./read-tree.server";
import {
  type BannerFile,
  bannerFileSchema,
  type FaqCategoryFile,
  faqCategoryFileSchema,
  faqItemFrontMatterSchema,
  type GameFile,
  gameFileSchema,
  type HomeFile,
  homeFileSchema,
  type JobOfferFile,
  jobOfferFileSchema,
  jobTextFrontMatterSchema,
  type LegalDocumentSlug,
  legalDocumentSlugs,
  legalFrontMatterSchema,
  type NewsArticleFrontMatter,
  newsArticleFrontMatterSchema,
  type OfficeFile,
  officeFileSchema,
  type PlaytestSiteFile,
  playtestSiteFileSchema,
  type StudioFile,
  type SurveyDefinition,
  studioFileSchema,
  surveyDefinitionSchema,
  taxonomyFileSchema,
} from "./schemas";

/**
 * Turns the files of the content folder into validated entities. Every problem in every file is
 * collected, then thrown together as one ContentError, so one start shows all that needs fixing.
 */

export type { Unit };

export type FaqItemData = {
  slug: string;
  category: string;
  sort: number;
  title: Localized;
  description: Localized;
};
export type JobData = JobOfferFile & { slug: string; texts: Partial<Localized<JobOfferText>> };
export type NewsArticleData = Omit<NewsArticleFrontMatter, "title" | "summary" | "date"> & {
  slug: string;
  publishedOn: string;
  title: Localized;
  summary: Localized;
  body: Localized;
};
export type LegalDocumentData = {
  slug: LegalDocumentSlug;
  title: Localized;
  body: Localized;
  version: number;
  lastChanged: string;
};

export type ContentTree = {
  studio: Unit<StudioFile>;
  home: Unit<HomeFile>;
  games: Unit<GameFile & { slug: string }>[];
  offices: Unit<OfficeFile & { slug: string }>[];
  taxonomy: Unit<{ kind: TaxonomyKind; terms: Array<{ slug: string; label: Localized }> }>[];
  faqCategories: Unit<FaqCategoryFile & { slug: string }>[];
  faqItems: Unit<FaqItemData>[];
  jobs: Unit<JobData>[];
  newsArticles: Unit<NewsArticleData>[];
  legalDocuments: Unit<LegalDocumentData>[];
  banners: Unit<BannerFile & { slug: string }>[];
  playtestSites: Unit<PlaytestSiteFile & { slug: string }>[];
  surveys: Unit<{ code: string; definition: SurveyDefinition }>[];
  /** The units of each feature-defined kind, in the order of `contentKinds`. */
  kinds: Unit<unknown>[][];
};

const taxonomyFiles: Record<string, TaxonomyKind> = {
  "taxonomy/teams.yaml": "team",
  "taxonomy/levels.yaml": "level",
  "taxonomy/commitments.yaml": "commitment",
};

const slugPart = "([a-z0-9]+(?:-[a-z0-9]+)*)";
const langPart = `(${languages.join("|")})`;
const patterns = {
  game: new RegExp(`^games/${slugPart}\\.yaml$`),
  office: new RegExp(`^offices/${slugPart}\\.yaml$`),
  faqCategory: new RegExp(`^faq/${slugPart}/category\\.yaml$`),
  faqItem: new RegExp(`^faq/${slugPart}/(\\d{2})-${slugPart}\\.${langPart}\\.md$`),
  jobOffer: new RegExp(`^jobs/${slugPart}/offer\\.yaml$`),
  jobText: new RegExp(`^jobs/${slugPart}/${langPart}\\.md$`),
  newsText: new RegExp(`^news/${slugPart}/${langPart}\\.md$`),
  legalText: new RegExp(`^legal/(${legalDocumentSlugs.join("|")})/${langPart}\\.md$`),
  banner: new RegExp(`^banners/${slugPart}\\.yaml$`),
  playtestSite: new RegExp(`^playtests/${slugPart}\\.yaml$`),
  survey: new RegExp(`^surveys/${slugPart}\\.yaml$`),
};

/** Which entity a file belongs to; null for a file the loader does not know. */
export function unitKeyOf(file: string): string | null {
  if (file === "studio.yaml") return "studio";
  if (file === "home.yaml") return "home";
  if (file in taxonomyFiles) return `taxonomy:${taxonomyFiles[file]}`;
  let m = patterns.game.exec(file);
  if (m) return `game:${m[1]}`;
  m = patterns.office.exec(file);
  if (m) return `office:${m[1]}`;
  m = patterns.faqCategory.exec(file);
  if (m) return `faq-category:${m[1]}`;
  m = patterns.faqItem.exec(file);
  if (m) return `faq-item:${m[3]}`;
  m = patterns.jobOffer.exec(file) ?? patterns.jobText.exec(file);
  if (m) return `job:${m[1]}`;
  m = patterns.newsText.exec(file);
  if (m) return `news:${m[1]}`;
  m = patterns.legalText.exec(file);
  if (m) return `legal:${m[1]}`;
  m = patterns.banner.exec(file);
  if (m) return `banner:${m[1]}`;
  m = patterns.playtestSite.exec(file);
  if (m) return `playtest-site:${m[1]}`;
  m = patterns.survey.exec(file);
  if (m) return `survey:${m[1]}`;
  for (const kind of contentKinds) {
    const key = kind.unitKeyOf(file);
    if (key) return key;
  }
  return null;
}

/** Files that may sit in the folder without being content. */
const ignoredFiles = new Set(["README.md"]);

/** "address.postalCode", "socialLinks[2].url"; "(file)" for an issue about the whole file. */
function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const part of path) {
    out += typeof part === "number" ? `[${part}]` : out ? `.${String(part)}` : String(part);
  }
  return out || "(file)";
}

/** Zod's words for a missing field are long; an editor wants "Required". */
const requiredMessage = (issue: { input?: unknown; code?: string }) =>
  issue.code === "invalid_type" && issue.input === undefined ? "Required" : undefined;

class Problems {
  readonly list: string[] = [];
  constructor(private readonly label: string) {}
  add(file: string, field: string, message: string) {
    this.list.push(`${this.label}/${file}: ${field}: ${message}`);
  }
  addFile(file: string, message: string) {
    this.list.push(`${this.label}/${file}: ${message}`);
  }
}

export function parseContentTree(content: ContentFiles): ContentTree {
  const problems = new Problems(content.label);
  const files = content.files;

  function validate<S extends z.ZodType>(file: string, schema: S, data: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(data, { error: requiredMessage });
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.add(file, fieldPath(issue.path), issue.message);
    return undefined;
  }

  function readYaml(file: string): unknown {
    const source = files.get(file);
    if (!source) return undefined;
    try {
      return YAML.parse(source.text);
    } catch (err) {
      problems.addFile(file, `not valid YAML: ${(err as Error).message.split("\n")[0]}`);
      return undefined;
    }
  }

  function parseYaml<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined {
    if (!files.has(file)) return undefined;
    const data = readYaml(file);
    return data === undefined ? undefined : validate(file, schema, data);
  }

  /** Front matter (YAML, read with the same parser as the .yaml files) and Markdown body. */
  function parseMarkdown<S extends z.ZodType>(
    file: string,
    schema: S,
  ): { data: z.infer<S>; body: string } | undefined {
    const source = files.get(file);
    if (!source) return undefined;
    let parsed: { data: unknown; content: string };
    try {
      // Passing options also keeps gray-matter from returning a cached, shared object.
      parsed = matter(source.text, { engines: { yaml: (s: string) => YAML.parse(s) ?? {} } });
    } catch (err) {
      problems.addFile(file, `front matter is not valid YAML: ${(err as Error).message.split("\n")[0]}`);
      return undefined;
    }
    const data = validate(file, schema, parsed.data);
    const body = parsed.content.trim();
    if (!body) problems.add(file, "(body)", "Required");
    return data === undefined || !body ? undefined : { data, body };
  }

  function requireFile(file: string, why = "") {
    if (!files.has(file)) problems.addFile(file, `file is missing${why}`);
  }

  for (const file of files.keys()) {
    if (!ignoredFiles.has(file) && unitKeyOf(file) === null) {
      problems.addFile(file, "unexpected file (see README.md in the content folder for the layout)");
    }
  }

  requireFile("studio.yaml");
  requireFile("home.yaml");
  for (const file of Object.keys(taxonomyFiles)) requireFile(file);

  const studio = parseYaml("studio.yaml", studioFileSchema);
  const home = parseYaml("home.yaml", homeFileSchema);

  const taxonomy: ContentTree["taxonomy"] = [];
  for (const [file, kind] of Object.entries(taxonomyFiles)) {
    const terms = parseYaml(file, taxonomyFileSchema);
    if (terms) taxonomy.push({ key: `taxonomy:${kind}`, sources: [file], data: { kind, terms } });
  }

  const games: ContentTree["games"] = [];
  const offices: ContentTree["offices"] = [];
  const faqCategories: ContentTree["faqCategories"] = [];
  const faqItemFiles = new Map<string, { category: string; sort: number; files: Map<Language, string> }>();
  type JobFiles = { offer?: string; texts: Map<Language, string> };
  const jobFiles = new Map<string, JobFiles>();

  for (const file of files.keys()) {
    let m = patterns.game.exec(file);
    if (m) {
      const data = parseYaml(file, gameFileSchema);
      if (data) games.push({ key: `game:${m[1]}`, sources: [file], data: { ...data, slug: m[1]! } });
      continue;
    }
    m = patterns.office.exec(file);
    if (m) {
      const data = parseYaml(file, officeFileSchema);
      if (data) offices.push({ key: `office:${m[1]}`, sources: [file], data: { ...data, slug: m[1]! } });
      continue;
    }
    m = patterns.faqCategory.exec(file);
    if (m) {
      const data = parseYaml(file, faqCategoryFileSchema);
      if (data) {
        faqCategories.push({ key: `faq-category:${m[1]}`, sources: [file], data: { ...data, slug: m[1]! } });
      }
      continue;
    }
    m = patterns.faqItem.exec(file);
    if (m) {
      const [, category, sort, slug, lang] = m as unknown as [string, string, string, string, Language];
      const entry = faqItemFiles.get(slug) ?? { category, sort: Number(sort), files: new Map() };
      if (entry.category !== category || entry.sort !== Number(sort)) {
        problems.addFile(
          file,
          `FAQ answer "${slug}" is also in faq/${entry.category}/ numbered ${entry.sort}: the files of one answer share one name, and names are unique across the FAQ`,
        );
        continue;
      }
      entry.files.set(lang, file);
      faqItemFiles.set(slug, entry);
      continue;
    }
    m = patterns.jobOffer.exec(file);
    if (m) {
      const entry: JobFiles = jobFiles.get(m[1]!) ?? { texts: new Map() };
      entry.offer = file;
      jobFiles.set(m[1]!, entry);
      continue;
    }
    m = patterns.jobText.exec(file);
    if (m) {
      const entry: JobFiles = jobFiles.get(m[1]!) ?? { texts: new Map() };
      entry.texts.set(m[2] as Language, file);
      jobFiles.set(m[1]!, entry);
    }
  }

  if (![...files.keys()].some((file) => patterns.office.test(file))) {
    problems.addFile("offices/", "at least one office is required");
  }

  const categorySlugs = new Set(faqCategories.map((c) => c.data.slug));
  const faqItems: ContentTree["faqItems"] = [];
  for (const [slug, entry] of faqItemFiles) {
    const base = `faq/${entry.category}/${String(entry.sort).padStart(2, "0")}-${slug}`;
    if (!categorySlugs.has(entry.category) && !files.has(`faq/${entry.category}/category.yaml`)) {
      problems.addFile(
        `faq/${entry.category}/category.yaml`,
        "file is missing (the FAQ answers beside it need it)",
      );
    }
    const title: Partial<Localized> = {};
    const description: Partial<Localized> = {};
    for (const lang of languages) {
      const file = entry.files.get(lang);
      if (!file) {
        problems.addFile(
          `${base}.${lang}.md`,
          "file is missing (every FAQ answer is written in en, fr and es)",
        );
        continue;
      }
      const parsed = parseMarkdown(file, faqItemFrontMatterSchema);
      if (parsed) {
        title[lang] = parsed.data.title;
        description[lang] = parsed.body;
      }
    }
    if (languages.every((lang) => title[lang] && description[lang])) {
      faqItems.push({
        key: `faq-item:${slug}`,
        sources: languages.map((lang) => entry.files.get(lang)!),
        data: {
          slug,
          category: entry.category,
          sort: entry.sort,
          title: title as Localized,
          description: description as Localized,
        },
      });
    }
  }

  const jobs: ContentTree["jobs"] = [];
  for (const [slug, entry] of jobFiles) {
    if (!entry.offer) {
      problems.addFile(`jobs/${slug}/offer.yaml`, "file is missing (the offer's texts beside it need it)");
      continue;
    }
    const offer = parseYaml(entry.offer, jobOfferFileSchema);
    if (entry.texts.size === 0) {
      problems.addFile(
        `jobs/${slug}/en.md`,
        "file is missing (an offer needs its text in at least one language)",
      );
    }
    const texts: Partial<Localized<JobOfferText>> = {};
    let textsValid = true;
    for (const [lang, file] of entry.texts) {
      const parsed = parseMarkdown(file, jobTextFrontMatterSchema);
      if (parsed) texts[lang] = { ...parsed.data, description: parsed.body };
      else textsValid = false;
    }
    if (offer && textsValid && entry.texts.size > 0) {
      jobs.push({
        key: `job:${slug}`,
        sources: [entry.offer, ...entry.texts.values()],
        data: { ...offer, slug, texts },
      });
    }
  }

  const legalDocuments = parseLegalDocuments(files, parseMarkdown, problems);
  const banners: ContentTree["banners"] = [];
  for (const file of files.keys()) {
    const m = patterns.banner.exec(file);
    if (!m) continue;
    const data = parseYaml(file, bannerFileSchema);
    if (data) banners.push({ key: `banner:${m[1]}`, sources: [file], data: { ...data, slug: m[1]! } });
  }
  const playtestSites = parsePlaytestSites(files, parseYaml, problems, offices);
  const surveys: ContentTree["surveys"] = [];
  for (const file of files.keys()) {
    const m = patterns.survey.exec(file);
    if (!m) continue;
    const definition = parseYaml(file, surveyDefinitionSchema);
    if (definition)
      surveys.push({ key: `survey:${m[1]}`, sources: [file], data: { code: m[1]!, definition } });
  }

  const newsArticles = parseNewsArticles(files, parseMarkdown, problems);

  checkReferences({ problems, files: new Set(files.keys()), home, games, offices, taxonomy, jobs });

  const reader: ContentReader = {
    files,
    parseYaml,
    parseMarkdown,
    problem: (file, field, message) => problems.add(file, field, message),
    fileProblem: (file, message) => problems.addFile(file, message),
  };
  const kinds = contentKinds.map((kind) => kind.parse(reader));

  if (problems.list.length > 0 || !studio || !home) throw new ContentError(problems.list);
  return {
    studio: { key: "studio", sources: ["studio.yaml"], data: studio },
    home: { key: "home", sources: ["home.yaml"], data: home },
    games,
    offices,
    taxonomy,
    faqCategories,
    faqItems,
    jobs,
    newsArticles,
    legalDocuments,
    banners,
    playtestSites,
    surveys,
    kinds,
  };
}

/**
 * content/legal/{doc}/{lang}.md: every legal page exists in every language, and its languages
 * agree on the version and the date of last change (a translation is part of the same text).
 */
function parseLegalDocuments(
  files: ContentFiles["files"],
  parseMarkdown: (
    file: string,
    schema: typeof legalFrontMatterSchema,
  ) => { data: z.infer<typeof legalFrontMatterSchema>; body: string } | undefined,
  problems: Problems,
): ContentTree["legalDocuments"] {
  const documents: ContentTree["legalDocuments"] = [];
  for (const slug of legalDocumentSlugs) {
    const title: Partial<Localized> = {};
    const body: Partial<Localized> = {};
    let shared: { version: number; lastChanged: string; file: string } | undefined;
    let valid = true;
    for (const lang of languages) {
      const file = `legal/${slug}/${lang}.md`;
      if (!files.has(file)) {
        problems.addFile(file, "file is missing (every legal page is written in en, fr and es)");
        valid = false;
        continue;
      }
      const parsed = parseMarkdown(file, legalFrontMatterSchema);
      if (!parsed) {
        valid = false;
        continue;
      }
      title[lang] = parsed.data.title;
      body[lang] = parsed.body;
      if (!shared) {
        shared = { version: parsed.data.version, lastChanged: parsed.data.lastChanged, file };
        continue;
      }
      for (const field of ["version", "lastChanged"] as const) {
        if (parsed.data[field] !== shared[field]) {
          problems.add(
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
}

/**
 * Rules across files: what a job or award names must exist; the law on job offers. A name whose
 * file exists but is broken is not reported again: that file's own problem says what to fix.
 */
function checkReferences(tree: {
  problems: Problems;
  files: Set<string>;
  home: HomeFile | undefined;
  games: ContentTree["games"];
  offices: ContentTree["offices"];
  taxonomy: ContentTree["taxonomy"];
  jobs: ContentTree["jobs"];
}) {
  const { problems, files } = tree;
  const gameSlugs = new Set(tree.games.map((g) => g.data.slug));
  tree.home?.awards.forEach((award, i) => {
    if (award.game && !gameSlugs.has(award.game) && !files.has(`games/${award.game}.yaml`)) {
      problems.add(
        "home.yaml",
        `awards[${i}].game`,
        `Unknown game "${award.game}" (no games/${award.game}.yaml)`,
      );
    }
  });
  const valueSlugs = new Set<string>();
  tree.home?.valuePanels.forEach((panel, i) => {
    if (valueSlugs.has(panel.slug))
      problems.add("home.yaml", `valuePanels[${i}].slug`, `Duplicate slug "${panel.slug}"`);
    valueSlugs.add(panel.slug);
  });
  const awardSlugs = new Set<string>();
  tree.home?.awards.forEach((award, i) => {
    if (awardSlugs.has(award.slug))
      problems.add("home.yaml", `awards[${i}].slug`, `Duplicate slug "${award.slug}"`);
    awardSlugs.add(award.slug);
  });

  const officesBySlug = new Map(tree.offices.map((o) => [o.data.slug, o.data]));
  const terms = new Map(
    tree.taxonomy.map((t) => [t.data.kind, new Set(t.data.terms.map((term) => term.slug))]),
  );
  const taxonomyFile: Record<TaxonomyKind, string> = {
    team: "taxonomy/teams.yaml",
    level: "taxonomy/levels.yaml",
    commitment: "taxonomy/commitments.yaml",
  };

  for (const { data: job, sources } of tree.jobs) {
    const file = sources[0]!;
    const office = officesBySlug.get(job.office);
    if (!office && !files.has(`offices/${job.office}.yaml`)) {
      problems.add(file, "office", `Unknown office "${job.office}" (no offices/${job.office}.yaml)`);
    }
    for (const kind of ["team", "level", "commitment"] as const) {
      const known = terms.get(kind);
      if (known && !known.has(job[kind])) {
        problems.add(file, kind, `Unknown ${kind} "${job[kind]}" (not in ${taxonomyFile[kind]})`);
      }
    }
    if (!office) continue;
    if (office.inEu && !job.salary) {
      problems.add(
        file,
        "salary",
        `Required: offers at an EU office (${job.office}) state their pay (Directive (EU) 2023/970)`,
      );
    }
    if (office.address.countryCode === "CA" && office.address.region === "QC" && !job.texts.fr) {
      problems.add(
        file.replace(/offer\.yaml$/, "fr.md"),
        "(file)",
        `Required: offers at the Quebec office (${job.office}) are published in French (Charter of the French Language)`,
      );
    }
  }
}

/** content/playtests/{site}.yaml: each site is run by an office that exists. */
function parsePlaytestSites(
  files: ContentFiles["files"],
  parseYaml: (file: string, schema: typeof playtestSiteFileSchema) => PlaytestSiteFile | undefined,
  problems: Problems,
  offices: ContentTree["offices"],
): ContentTree["playtestSites"] {
  const sites: ContentTree["playtestSites"] = [];
  for (const file of files.keys()) {
    const m = patterns.playtestSite.exec(file);
    if (!m) continue;
    const data = parseYaml(file, playtestSiteFileSchema);
    if (!data) continue;
    if (!offices.some((o) => o.data.slug === data.office) && !files.has(`offices/${data.office}.yaml`)) {
      problems.add(file, "office", `Unknown office "${data.office}" (no offices/${data.office}.yaml)`);
      continue;
    }
    sites.push({ key: `playtest-site:${m[1]}`, sources: [file], data: { ...data, slug: m[1]! } });
  }
  return sites;
}

/**
 * content/news/{slug}/{lang}.md: every article is written in en, fr and es, and its languages
 * agree on the date, author, category, tags and cover (a translation is the same article).
 */
function parseNewsArticles(
  files: ContentFiles["files"],
  parseMarkdown: (
    file: string,
    schema: typeof newsArticleFrontMatterSchema,
  ) => { data: NewsArticleFrontMatter; body: string } | undefined,
  problems: Problems,
): ContentTree["newsArticles"] {
  const slugs = new Set<string>();
  for (const file of files.keys()) {
    const m = patterns.newsText.exec(file);
    if (m) slugs.add(m[1]!);
  }
  const articles: ContentTree["newsArticles"] = [];
  for (const slug of slugs) {
    const title: Partial<Localized> = {};
    const summary: Partial<Localized> = {};
    const body: Partial<Localized> = {};
    let shared: { data: NewsArticleFrontMatter; file: string } | undefined;
    let valid = true;
    for (const lang of languages) {
      const file = `news/${slug}/${lang}.md`;
      if (!files.has(file)) {
        problems.addFile(file, "file is missing (every article is written in en, fr and es)");
        valid = false;
        continue;
      }
      const parsed = parseMarkdown(file, newsArticleFrontMatterSchema);
      if (!parsed) {
        valid = false;
        continue;
      }
      title[lang] = parsed.data.title;
      summary[lang] = parsed.data.summary;
      body[lang] = parsed.body;
      if (!shared) {
        shared = { data: parsed.data, file };
        continue;
      }
      for (const field of ["date", "author", "category", "tags", "cover"] as const) {
        const mine = JSON.stringify(parsed.data[field]);
        const theirs = JSON.stringify(shared.data[field]);
        if (mine !== theirs) {
          problems.add(file, field, `Must be the same in every language (${shared.file} says ${theirs})`);
          valid = false;
        }
      }
    }
    if (!valid || !shared) continue;
    const { date, author, category, tags, cover } = shared.data;
    articles.push({
      key: `news:${slug}`,
      sources: languages.map((lang) => `news/${slug}/${lang}.md`),
      data: {
        slug,
        publishedOn: date,
        author,
        category,
        tags,
        cover,
        title: title as Localized,
        summary: summary as Localized,
        body: body as Localized,
      },
    });
  }
  return articles;
}
