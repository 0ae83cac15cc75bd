import "./home.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import { RichText } from "~/ui/page-kit/RichText";

type Stats = { companySize: number; foundedYear: number; offices: number; countries: number; games: number };
type Story = { title: string; html: string };

/** About and vision side by side, with the studio's figures between them. */
export function StudioStory({ about, vision, stats }: { about: Story; vision: Story; stats: Stats }) {
  const { t } = useTranslation("home");
  return (
    <section className="page-section studio-story" aria-labelledby="home-about-title">
      <div className="container studio-story__grid">
        <div className="studio-story__about">
          <h2 id="home-about-title" className="section-heading__title">
            {about.title}
          </h2>
          <RichText className="lead-copy" html={about.html} />
        </div>
        <ul className="stats" aria-label={t("stats.label")}>
          <li className="stats__item">
            <span className="stats__value">{stats.companySize}+</span>
            <span className="stats__label">{t("stats.people")}</span>
          </li>
          <li className="stats__item">
            <span className="stats__value">{stats.offices}</span>
            <span className="stats__label">
              {t("stats.offices", { count: stats.offices })}{" "}
              {t("stats.countries", { count: stats.countries })}
            </span>
          </li>
          <li className="stats__item">
            <span className="stats__value">{stats.foundedYear}</span>
            <span className="stats__label">{t("stats.founded")}</span>
          </li>
          <li className="stats__item">
            <span className="stats__value">{stats.games}</span>
            <span className="stats__label">{t("stats.games", { count: stats.games })}</span>
          </li>
        </ul>
        <div className="studio-story__vision">
          <h2 className="section-heading__title">{vision.title}</h2>
          <RichText className="lead-copy" html={vision.html} />
        </div>
      </div>
    </section>
  );
}
