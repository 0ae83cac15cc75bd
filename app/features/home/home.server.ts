import { asc } from "drizzle-orm";
import { readSetting } from "~/features/content/index.server";
import { listGames } from "~/features/games/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import type { HomeSettings } from "./home-kind.server";
import { awards, valuePanels } from "./tables";
import type { Award, HomeContent } from "./types";

export type * from "./types";

/** The home page's content in one language (memoized: the same for every visitor). */
export function getHomeContent(db: Db, lang: Language): Promise<HomeContent> {
  return sharedContentMemo(db)(`home|${lang}`, () => readHomeContent(db, lang));
}

async function readHomeContent(db: Db, lang: Language): Promise<HomeContent> {
  const text = (value: Partial<Record<Language, string>> | null | undefined) => pick(value, lang) ?? "";
  const [home, panels, awardRows, gameList] = await Promise.all([
    readSetting<HomeSettings>(db, "home"),
    db.select().from(valuePanels).orderBy(asc(valuePanels.sort)),
    db.select().from(awards).orderBy(asc(awards.sort)),
    listGames(db, lang),
  ]);
  const gameNames = new Map(gameList.map((g) => [g.slug, g.name]));
  return {
    hero: { label: text(home.hero.label), title: text(home.hero.title), subtitle: text(home.hero.subtitle) },
    about: { title: text(home.about.title), body: text(home.about.body) },
    vision: { title: text(home.vision.title), body: text(home.vision.body) },
    banner: {
      title: text(home.banner.title),
      body: text(home.banner.body),
      linkLabel: text(home.banner.linkLabel),
      link: home.banner.link,
    },
    valuePanels: panels.map((p) => ({
      slug: p.slug,
      title: text(p.title),
      body: text(p.body),
      icon: p.icon,
    })),
    awards: awardRows.map(
      (a): Award => ({
        slug: a.slug,
        title: text(a.title),
        organization: a.organization,
        year: a.year,
        game: a.game ? (gameNames.get(a.game) ?? null) : null,
      }),
    ),
    games: gameList,
  };
}
