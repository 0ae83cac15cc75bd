import "./playtest.css";
import type { ReactNode } from "react";
import { type FaqGroup, FaqGroups } from "~/features/faq";
import type { OfficeAddress } from "~/features/offices";
import { SiteLink } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CardGrid } from "~/ui/page-kit/CardGrid";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import { StepList } from "~/ui/page-kit/StepList";
import type { PlaytestLocationKey } from "./playtest-locations";
import type { CurrentPlaytest } from "./types";

export const signUpSectionId = "sign-up";
/** The sign-up form itself, where the location links lead. */
export const signUpFormAnchor = "sign-up-form";

/** The page address that opens the form with a location chosen. */
export function signUpLink(location: string): string {
  return `?location=${location}#${signUpFormAnchor}`;
}

export function WhatIsPlaytesting() {
  const { t } = useTranslation("playtesting");
  return (
    <Section label={t("what.label")} title={t("what.title")} intro={t("what.body")}>
      <CardGrid
        columns={3}
        cards={[
          { key: "focusGroups", icon: <Icon name="chat" size={28} /> },
          { key: "extended", icon: <Icon name="calendar" size={28} /> },
          { key: "rewards", icon: <Icon name="star" size={28} /> },
        ].map((card) => ({ ...card, title: t(`what.${card.key}.title`), body: t(`what.${card.key}.body`) }))}
      />
      <p className="fine-print">{t("what.notAJob")}</p>
    </Section>
  );
}

export function CurrentPlaytests({ playtests }: { playtests: CurrentPlaytest[] }) {
  const { t } = useTranslation("playtesting");
  return (
    <Section id="current" label={t("current.label")} title={t("current.title")} tone="raised">
      {playtests.length > 0 ? (
        <PlaytestCards playtests={playtests} />
      ) : (
        <div className="notice notice--empty">
          <Icon name="controller" size={40} />
          <p>{t("current.empty")}</p>
          <p>
            <a className="button button--primary" href={`#${signUpSectionId}`}>
              {t("current.signUp")}
            </a>
          </p>
        </div>
      )}
    </Section>
  );
}

/**
 * The sessions' cards; `signUpPage` is the playtesting page's address when the cards are shown
 * elsewhere (a game's page), so "Sign up" opens the form there.
 */
export function PlaytestCards({
  playtests,
  signUpPage = "",
}: {
  playtests: CurrentPlaytest[];
  signUpPage?: string;
}) {
  const { t } = useTranslation("playtesting");
  return (
    <ul className="playtest-cards">
      {playtests.map((p) => (
        <li key={p.id} className={`playtest-card playtest-card--${p.status}`}>
          <p className="playtest-card__meta">
            <span className="playtest-card__kind">{t(`current.${p.kind}`)}</span>
            <span className={`playtest-card__status playtest-card__status--${p.status}`}>
              {t(`current.${p.status}`)}
            </span>
          </p>
          <h3 className="playtest-card__title">{p.title}</h3>
          <p className="playtest-card__where">
            <Icon name="pin" size={18} /> {p.site}
            {p.office ? ` · ${t("current.at", { office: p.office })}` : null}
          </p>
          <p className="playtest-card__dates">
            <Icon name="calendar" size={18} /> {p.dates}
          </p>
          <p>{p.description}</p>
          {p.status === "open" ? (
            <p>
              <SiteLink
                className="button button--small"
                to={`${signUpPage}${signUpLink(p.siteSlug)}`}
                preventScrollReset={!signUpPage}
              >
                {t("current.signUp")}
                <span className="visually-hidden"> – {p.title}</span>
              </SiteLink>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function Eligibility() {
  const { t } = useTranslation("playtesting");
  return (
    <Section label={t("eligibility.label")} title={t("eligibility.title")} width="narrow">
      <p className="lead-copy">{t("eligibility.intro")}</p>
      <ul className="check-list check-list--large">
        <li>{t("eligibility.age")}</li>
        <li>{t("eligibility.day")}</li>
        <li>{t("eligibility.english")}</li>
        <li>{t("eligibility.nda")}</li>
      </ul>
    </Section>
  );
}

/**
 * docs/requirements.md#playtesting: sign up, be e-mailed, online call, sign the contract and NDA,
 * attend in person.
 */
const playtestSteps = ["signUp", "email", "call", "contract", "attend"] as const;

export function HowItWorks() {
  const { t } = useTranslation("playtesting");
  return (
    <Section label={t("how.label")} title={t("how.title")} intro={t("how.intro")} tone="raised">
      <StepList
        steps={playtestSteps.map((key) => ({
          key,
          title: t(`how.steps.${key}.title`),
          body: t(`how.steps.${key}.body`),
        }))}
      />
    </Section>
  );
}

export function PlaytestFaq({ groups }: { groups: FaqGroup[] }) {
  const { t } = useTranslation("playtesting");
  return (
    <Section id="faq" label={t("faq.label")} title={t("faq.title")} width="narrow">
      <FaqGroups groups={groups} />
    </Section>
  );
}

export type PlaytestLocationView = {
  key: PlaytestLocationKey;
  office: { name: string; address: OfficeAddress } | null;
};

export function SignUpByLocation({
  locations,
  children,
}: {
  locations: PlaytestLocationView[];
  /** The sign-up form, under the locations. */
  children?: ReactNode;
}) {
  const { t } = useTranslation("playtesting");
  return (
    <Section
      id={signUpSectionId}
      label={t("signUp.label")}
      title={t("signUp.title")}
      intro={t("signUp.intro")}
      tone="accent"
    >
      <ul className="playtest-locations">
        {locations.map((location) => (
          <li key={location.key} className={`playtest-location playtest-location--${location.key}`}>
            <Icon name="pin" size={28} />
            <h3 className="playtest-location__name">{t(`signUp.locations.${location.key}`)}</h3>
            {location.office ? (
              <address className="playtest-location__address">
                {t("signUp.nearOffice", { city: location.office.name })}
                <br />
                {location.office.address.street}, {location.office.address.postalCode}{" "}
                {location.office.address.city}
              </address>
            ) : null}
            <SiteLink className="button button--small" to={signUpLink(location.key)} preventScrollReset>
              {t("current.signUp")}
              <span className="visually-hidden"> – {t(`signUp.locations.${location.key}`)}</span>
            </SiteLink>
          </li>
        ))}
      </ul>
      <p className="fine-print">{t("signUp.privacy")}</p>
      {children}
    </Section>
  );
}
