import "./games.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import { gameArt } from "~/ui/art/art";
import { PageHeader } from "~/ui/frame/PageHeader";
import type { Game } from "./types";

/** A game as its page's header shows it: the release date written on the server. */
export type GameHeroView = Game & { released: string | null };

/**
 * The game page's header: its key art as it is cut for every game header (the `hero` crop), its
 * genre above its name, tagline, platforms, release date and its official site in a new tab, as
 * on its home card.
 */
export function GameHero({ game }: { game: GameHeroView }) {
  const { t } = useTranslation("games");
  return (
    <PageHeader
      label={game.genre}
      title={game.name}
      art={{ art: gameArt(game.slug, game.art), crop: "hero" }}
      content={
        <>
          <p className="game-hero__tagline">{game.tagline}</p>
          <dl className="game-hero__facts">
            <div>
              <dt>{t("facts.platforms")}</dt>
              <dd>
                <ul className="game-hero__platforms">
                  {game.platforms.map((platform) => (
                    <li key={platform} className="game-hero__platform">
                      {platform}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
            <div>
              <dt>{t("facts.released")}</dt>
              <dd>{game.released ?? t("facts.upcoming")}</dd>
            </div>
          </dl>
          <p className="game-hero__description">{game.description}</p>
          {game.website ? (
            <p className="game-hero__actions">
              <a
                className="button button--primary"
                href={game.website}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t("website", { game: game.name })}
                <span className="visually-hidden"> {t("newTab")}</span>
                <svg className="button__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                  <path
                    d="M8 4H4v12h12v-4M11 3h6v6M17 3l-8 8"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                  />
                </svg>
              </a>
            </p>
          ) : null}
        </>
      }
    />
  );
}
