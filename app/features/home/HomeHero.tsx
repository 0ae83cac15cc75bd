import "./home.css";
import { useTranslation } from "react-i18next";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";

type Props = { label: string; title: string; subtitle: string };

/** Key art made for the site (public/images/pages/home), 16:9. */
const heroImage = "/images/pages/home/hero.svg";

/**
 * The first screen: the studio's promise over full-bleed key art. The art is the page's largest
 * paint, so it loads eagerly at high priority, with its size given to avoid layout shift.
 */
export function HomeHero({ label, title, subtitle }: Props) {
  const { t } = useTranslation("home");
  const localize = useLocalizePath();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <img
        className="home-hero__art"
        src={heroImage}
        alt=""
        width="1600"
        height="900"
        fetchPriority="high"
        decoding="async"
      />
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
