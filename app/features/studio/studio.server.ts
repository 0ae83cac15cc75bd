import { readSetting } from "~/features/content/index.server";
import { listGames } from "~/features/games/index.server";
import { sharedContentMemo } from "~/platform/cache/content-memo.server";
import type { Db } from "~/platform/db/client.server";
import { type Language, pick } from "~/platform/i18n/languages";
import type { StudioFile } from "./studio-kind.server";
import type { StudioInfo } from "./types";

export { ContentMissingError } from "~/features/content/index.server";
export type * from "./types";

/** The studio's details for the site shell and most pages (memoized per content version). */
export function getStudioInfo(db: Db, lang: Language): Promise<StudioInfo> {
  return sharedContentMemo(db)(`studio|${lang}`, () => readStudioInfo(db, lang));
}

async function readStudioInfo(db: Db, lang: Language): Promise<StudioInfo> {
  const [studio, gameList] = await Promise.all([readSetting<StudioFile>(db, "studio"), listGames(db, lang)]);
  return {
    name: studio.name,
    shortName: studio.shortName,
    logo: studio.logo,
    tagline: pick(studio.tagline, lang) ?? "",
    website: studio.website,
    forumsUrl: studio.forumsUrl,
    businessUrl: studio.businessUrl,
    companySize: studio.companySize,
    foundedYear: studio.foundedYear,
    email: { ...studio.email },
    socialLinks: studio.socialLinks.map((link) => ({ ...link })),
    games: gameList.map(({ slug, name, tagline, art }) => ({ slug, name, tagline, art })),
  };
}
