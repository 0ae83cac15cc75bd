import { desc, eq } from "drizzle-orm";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import type { GameFraming } from "~/ui/art/art";
import { type PatchChange, supportPatches } from "./tables";

export type PatchNote = {
  version: string;
  releasedOn: string;
  title: string;
  platforms: string[];
  changes: Array<{ kind: PatchChange["kind"]; text: string }>;
};

export type GamePatches = {
  game: { slug: string; name: string; art: GameFraming | null };
  patches: PatchNote[];
};

/**
 * Patch notes per game (`GET /api/support-patches`, docs/requirements.md#support-and-faq), newest
 * first, in the language asked; games in the studio's order, only those with notes. `game` keeps
 * one game's notes.
 */
export async function listPatchNotes(db: Db, lang: Language, { game }: { game?: string } = {}) {
  const [studio, rows] = await Promise.all([
    getStudioInfo(db, lang),
    db
      .select()
      .from(supportPatches)
      .where(game ? eq(supportPatches.game, game) : undefined)
      .orderBy(desc(supportPatches.releasedOn), desc(supportPatches.version)),
  ]);
  const out: GamePatches[] = [];
  for (const { slug, name, art } of studio.games) {
    const patches = rows
      .filter((row) => row.game === slug)
      .map((row) => ({
        version: row.version,
        releasedOn: row.releasedOn,
        title: row.title[lang],
        platforms: row.platforms,
        changes: row.changes.map((change) => ({ kind: change.kind, text: change.text[lang] })),
      }));
    if (patches.length) out.push({ game: { slug, name, art }, patches });
  }
  return out;
}
