import "./home.css";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { heroArt, heroFile, heroSrcSet, preloadHero } from "./hero-image";

type Props = { label: string; title: string; subtitle: string };

/**
 * The first screen: the studio's promise over full-bleed key art. The art is the page's largest
 * paint: AVIF or WebP at the width the screen needs (JPEG for the rest), preloaded from the top of
 * the document (`preloadHero`), fetched at high priority, with its size given to avoid layout
 * shift.
 */
export function HomeHero({ label, title, subtitle }: Props) {
  preloadHero();
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <picture>
        <source type="image/avif" srcSet={heroSrcSet("avif")} sizes={heroArt.sizes} />
        <source type="image/webp" srcSet={heroSrcSet("webp")} sizes={heroArt.sizes} />
        <img
          className="home-hero__art"
          src={heroFile(1280, "jpg")}
          srcSet={heroSrcSet("jpg")}
          sizes={heroArt.sizes}
          alt=""
          width={heroArt.width}
          height={heroArt.height}
          fetchPriority="high"
        />
      </picture>
      <div className="home-hero__shade" aria-hidden="true" />
      <div className="container home-hero__inner">
        <p className="eyebrow home-hero__label">{label}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {title}
        </h1>
        <p className="home-hero__subtitle">{subtitle}</p>
        <p className="button-row">
          <SiteLink className="button button--primary" to={localize("/careers")}>
            {t("hero.cta")}
          </SiteLink>
          <a className="button button--ghost" href="#games">
            {t("hero.games")}
          </a>
        </p>
      </div>
    </section>
  );
}
