import { z } from "zod";
import { link, localized, slug, text } from "~/features/content";
import { type ContentKind, storeSetting, syncRows } from "~/features/content/index.server";
import { awards, valuePanels } from "./tables";

/** content/home.yaml: the home page's texts, its four value panels and the awards. */
export const homeFileSchema = z.strictObject({
  hero: z.strictObject({ label: localized, title: localized, subtitle: localized }),
  about: z.strictObject({ title: localized, body: localized }),
  vision: z.strictObject({ title: localized, body: localized }),
  banner: z.strictObject({ title: localized, body: localized, linkLabel: localized, link }),
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
/** The home page's texts, stored whole as the "home" setting. */
export type HomeSettings = Pick<HomeFile, "hero" | "about" | "vision" | "banner">;

const file = "home.yaml";

/** The slugs used twice in a list, as (index, slug) of each repeat. */
function repeats(items: Array<{ slug: string }>): Array<[number, string]> {
  const seen = new Set<string>();
  return items.flatMap(({ slug }, i) => {
    const repeat = seen.has(slug);
    seen.add(slug);
    return repeat ? [[i, slug] as [number, string]] : [];
  });
}

/** The home page: one required file; value panels and awards get a row each. */
export const homeKind: ContentKind<HomeFile> = {
  name: "home",
  unitKeyOf: (path) => (path === file ? "home" : null),
  parse(reader) {
    if (!reader.files.has(file)) reader.fileProblem(file, "file is missing");
    const data = reader.parseYaml(file, homeFileSchema);
    return data ? [{ key: "home", sources: [file], data }] : [];
  },
  check(units, lookup) {
    for (const { data } of units) {
      const games = new Set(lookup.units<{ slug: string }>("games").map((g) => g.data.slug));
      data.awards.forEach((award, i) => {
        if (award.game && !games.has(award.game) && !lookup.has(`games/${award.game}.yaml`)) {
          lookup.problem(
            file,
            `awards[${i}].game`,
            `Unknown game "${award.game}" (no games/${award.game}.yaml)`,
          );
        }
      });
      for (const [i, slug] of repeats(data.valuePanels)) {
        lookup.problem(file, `valuePanels[${i}].slug`, `Duplicate slug "${slug}"`);
      }
      for (const [i, slug] of repeats(data.awards)) {
        lookup.problem(file, `awards[${i}].slug`, `Duplicate slug "${slug}"`);
      }
    }
  },
  async store(tx, units, changed) {
    const pending = units.filter(changed);
    let removed = 0;
    for (const unit of pending) {
      const { hero, about, vision, banner } = unit.data;
      await storeSetting(tx, "home", { hero, about, vision, banner } satisfies HomeSettings);
      const panels = await syncRows(tx, {
        table: valuePanels,
        key: valuePanels.slug,
        units: [unit],
        changed: () => true,
        row: (data) =>
          data.valuePanels.map((panel, sort) => ({
            slug: panel.slug,
            title: panel.title,
            body: panel.body,
            icon: panel.icon,
            sort,
          })),
      });
      const won = await syncRows(tx, {
        table: awards,
        key: awards.slug,
        units: [unit],
        changed: () => true,
        row: (data) =>
          data.awards.map((award, sort) => ({
            slug: award.slug,
            title: award.title,
            organization: award.organization,
            year: award.year,
            game: award.game ?? null,
            sort,
          })),
      });
      removed += panels.removed + won.removed;
    }
    return { upserted: pending.length, removed };
  },
};
