import "./press.css";
import { useTranslation } from "react-i18next";
import { Section } from "~/features/pages/Section";
import type { GameSummary } from "~/features/studio/types";

export type PressFacts = {
  name: string;
  foundedYear: number;
  companySize: number;
  website: string;
  studios: string[];
  games: Array<GameSummary & { platforms: string[] }>;
};

export function FactSheet({ facts }: { facts: PressFacts }) {
  const { t } = useTranslation("press");
  return (
    <Section label={t("facts.label")} title={t("facts.title", { studio: facts.name })}>
      <dl className="fact-sheet">
        <div>
          <dt>{t("facts.name")}</dt>
          <dd>{facts.name}</dd>
        </div>
        <div>
          <dt>{t("facts.founded")}</dt>
          <dd>{facts.foundedYear}</dd>
        </div>
        <div>
          <dt>{t("facts.size")}</dt>
          <dd>{t("facts.sizeValue", { count: facts.companySize })}</dd>
        </div>
        <div>
          <dt>{t("facts.studios")}</dt>
          <dd>{facts.studios.join(" · ")}</dd>
        </div>
        <div>
          <dt>{t("facts.website")}</dt>
          <dd>
            <a href={facts.website}>{facts.website.replace(/^https:\/\//, "")}</a>
          </dd>
        </div>
      </dl>
      <h3 className="subheading">{t("games.title")}</h3>
      <ul className="press-games">
        {facts.games.map((game) => (
          <li key={game.slug} className="press-game">
            <span className="press-game__name">{game.name}</span>
            <span className="press-game__tagline">{game.tagline}</span>
            <span className="press-game__platforms">
              {t("games.platforms", { platforms: game.platforms.join(", ") })}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function PressContact({ email }: { email: string }) {
  const { t } = useTranslation("press");
  return (
    <Section title={t("contact.title")} tone="accent" width="narrow">
      <p className="lead-copy">{t("contact.body")}</p>
      <p className="button-row">
        <a className="button button--primary" href={`mailto:${email}`}>
          {t("contact.cta")}
        </a>
        <span className="button-row__aside">{email}</span>
      </p>
    </Section>
  );
}
