import { patchAnchor } from "./patch-links";
import "./patches.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { gameArt } from "~/ui/art/art";
import { gamePath } from "~/ui/frame/site-links";
import { Section } from "~/ui/page-kit/Section";
import { TaggedText } from "~/ui/page-kit/TaggedText";
import type { GamePatches, PatchNote } from "./patches.server";

/** A game filter that works without JavaScript: a GET form whose choice is in the address. */
export function PatchFilter({
  games,
  current,
}: {
  games: Array<{ slug: string; name: string }>;
  current?: string;
}) {
  const { t } = useTranslation("patches");
  const localize = useLocalizePath();
  return (
    <form className="patch-filter" method="get" action={localize("/support/patches")}>
      <div className="field field--select patch-filter__field">
        <label className="field__label" htmlFor="patch-game">
          {t("filter.label")}
        </label>
        <div className="select">
          <select
            id="patch-game"
            name="game"
            className="field__control select__control"
            defaultValue={current ?? ""}
          >
            <option value="">{t("filter.all")}</option>
            {games.map((game) => (
              <option key={game.slug} value={game.slug}>
                {game.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button">
        {t("filter.submit")}
      </button>
    </form>
  );
}

/** A game's banner spans the narrow column (44 rem) or, on a phone, the screen. */
const patchArtSizes = "(min-width: 48rem) 44rem, 100vw";

/** Each game's releases, newest first, with their changes grouped by kind in the file's order. */
export function PatchNotes({ notes, dates }: { notes: GamePatches[]; dates: Record<string, string> }) {
  const { t } = useTranslation("patches");
  const localize = useLocalizePath();
  return (
    <>
      {notes.length === 0 ? <p className="container">{t("empty")}</p> : null}
      {notes.map(({ game, patches }) => {
        const art = gameArt(game.slug, game.art);
        return (
          <Section
            key={game.slug}
            id={`game-${game.slug}`}
            label={t("filter.label")}
            title={game.name}
            width="narrow"
          >
            {art ? (
              <ArtPicture art={art} crop="banner" className="patch-game__art" sizes={patchArtSizes} />
            ) : null}
            <PatchList game={game.slug} patches={patches} dates={dates} />
            <p className="patch-game__page">
              <SiteLink className="text-link" to={localize(gamePath(game.slug))}>
                {t("gamePage", { game: game.name })}
              </SiteLink>
            </p>
          </Section>
        );
      })}
      <p className="container patch-report">
        <TaggedText
          text={t("report")}
          elements={[<SiteLink key="report" to={localize("/support/report")} />]}
        />
      </p>
    </>
  );
}

/** A game's releases, newest first, each with its changes by kind: the support page and the game's page. */
export function PatchList({
  game,
  patches,
  dates,
}: {
  game: string;
  patches: PatchNote[];
  /** Each release date written out on the server, by ISO date. */
  dates: Record<string, string>;
}) {
  const { t } = useTranslation("patches");
  return (
    <ol className="patch-list">
      {patches.map((patch) => (
        <li key={patch.version} id={patchAnchor(game, patch.version)} className="patch">
          <h3 className="patch__title">
            <span className="patch__version">{patch.version}</span> {patch.title}
          </h3>
          <p className="patch__meta">
            {t("released", { date: dates[patch.releasedOn] })} ·{" "}
            {t("platforms", { list: patch.platforms.join(", ") })}
          </p>
          <ul className="patch__changes">
            {patch.changes.map((change) => (
              <li key={change.text} className={`patch-change patch-change--${change.kind}`}>
                <span className="patch-change__kind">{t(`kinds.${change.kind}`)}</span>
                <span>{change.text}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
