import "./press.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { gameArt } from "~/ui/art/art";
import { Section } from "~/ui/page-kit/Section";
import { pressImageSources } from "./press-image";
import type { LabelledKit, PressKit } from "./press-types";

/** Where a kit's page is: the studio's current kit is the press page itself. */
export function kitPath(kit: Pick<PressKit, "slug" | "kind" | "archived">) {
  return kit.kind === "studio" && !kit.archived ? "/press" : `/press/${kit.slug}`;
}

/** The cards fill columns of at least 16 rem: four at desktop widths, one on a phone. */
const kitCardArtSizes = "(min-width: 970px) 25vw, (min-width: 640px) 50vw, 100vw";

/** The game kits as cards: the game's key art, name, tagline, date and the size of the zip. */
export function GameKitCards({ kits }: { kits: LabelledKit[] }) {
  const { t } = useTranslation("press");
  const localize = useLocalizePath();
  return (
    <Section id="kit-games" title={t("kits.gamesTitle")} intro={t("kits.gamesIntro")}>
      <ul className="kit-cards">
        {kits.map((kit) => {
          const art = kit.images[0]!;
          const keyArt = kit.game ? gameArt(kit.game, kit.gameArt) : undefined;
          return (
            <li key={kit.slug} className="kit-card">
              {keyArt ? (
                <ArtPicture art={keyArt} crop="card" className="kit-card__art" sizes={kitCardArtSizes} />
              ) : (
                <img
                  className="kit-card__art"
                  {...pressImageSources(art)}
                  alt=""
                  width={art.thumbnail.width}
                  height={art.thumbnail.height}
                  loading="lazy"
                  decoding="async"
                />
              )}
              <div className="kit-card__body">
                <h3 className="kit-card__name">
                  <SiteLink className="kit-card__link" to={localize(kitPath(kit))}>
                    {kit.name}
                    <span className="visually-hidden"> — {t("kits.open")}</span>
                  </SiteLink>
                </h3>
                <p className="kit-card__tagline">{kit.tagline}</p>
                <p className="kit-card__meta">
                  {t("kits.updated", { date: kit.labels.updated })} · {kit.labels.zipSize}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function KitArchive({ kits }: { kits: LabelledKit[] }) {
  const { t } = useTranslation("press");
  const localize = useLocalizePath();
  if (!kits.length) return null;
  return (
    <Section id="kit-archive" title={t("kits.archiveTitle")} intro={t("kits.archiveIntro")} tone="raised">
      <ul className="kit-archive">
        {kits.map((kit) => (
          <li key={kit.slug} className="kit-archive__item">
            <SiteLink className="kit-archive__link text-link" to={localize(kitPath(kit))}>
              {kit.name}
            </SiteLink>
            <span className="kit-archive__date">{t("kits.archivedOn", { date: kit.labels.updated })}</span>
            <a className="kit-archive__zip text-link" href={kit.download.url} download>
              {t("download.file")}
              <span className="visually-hidden"> {kit.name}</span> (.zip, {kit.labels.zipSize})
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}
