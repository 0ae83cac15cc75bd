import "./home.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { type GameFraming, gameArt } from "~/ui/art/art";
import { gamePath } from "~/ui/frame/site-links";
import { Section } from "~/ui/page-kit/Section";

export type GameCard = {
  slug: string;
  name: string;
  tagline: string;
  description: string;
  platforms: string[];
  website: string | null;
  /** How its key art is cut (content); null: the default. */
  art: GameFraming | null;
  /** Formatted on the server ("12 March 2024"), null when unreleased. */
  released: string | null;
};

/** Two cards a row from 970 px, one below. */
const gameArtSizes = "(min-width: 970px) 45vw, 100vw";

/**
 * The games, anchored at `#games` (the hero, the header link and /games lead here), each with its
 * key art (app/ui/art/art.ts, by slug) and a link to its page.
 */
export function GamesSection({ games }: { games: GameCard[] }) {
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  return (
    <Section
      id="games"
      label={t("games.label")}
      title={t("games.title")}
      intro={t("games.intro")}
      tone="raised"
    >
      <ul className="games">
        {games.map((game) => {
          const art = gameArt(game.slug, game.art);
          return (
            <li key={game.slug} className="game">
              <ArtPicture art={art} crop="card" className="game__art" sizes={gameArtSizes} />
              <div className="game__body">
                <h3 className="game__name">
                  {/* The card's one way in to the game's page; its official site stays below. */}
                  <SiteLink className="game__link" to={localize(gamePath(game.slug))}>
                    {game.name}
                  </SiteLink>
                </h3>
                <p className="game__tagline">{game.tagline}</p>
                <p className="game__description">{game.description}</p>
                <p className="game__meta">
                  <span className="game__status">
                    {game.released ? t("games.released", { date: game.released }) : t("games.upcoming")}
                  </span>
                  <span className="visually-hidden">{t("games.platforms")}: </span>
                  {game.platforms.map((platform) => (
                    <span key={platform} className="tag">
                      {platform}
                    </span>
                  ))}
                </p>
                {game.website ? (
                  <p>
                    <a className="text-link" href={game.website} target="_blank" rel="noopener noreferrer">
                      {t("games.website", { game: game.name })}
                      <span className="visually-hidden"> {t("games.newTab")}</span>
                    </a>
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
