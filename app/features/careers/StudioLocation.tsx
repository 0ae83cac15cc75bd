import "./careers-cards.css";
import type { JobCard } from "~/features/jobs";
import type { Office } from "~/features/offices";
import { mapUrl } from "~/features/offices";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { AddressText } from "~/ui/page-kit/AddressText";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import { careersSectionId, LocationLinks } from "./CareersSections";
import { JobList } from "./JobList";

export type LocationOffice = Pick<
  Office,
  "slug" | "name" | "country" | "address" | "latitude" | "longitude" | "email"
>;

/** The studio's address and e-mail, with a link to the map (its city is in the page header). */
export function OfficeDetails({ office }: { office: LocationOffice }) {
  const { t } = useTranslation("careers");
  const { address } = office;
  return (
    <div className="container office-section">
      <div className="office-card">
        <Icon name="pin" size={28} />
        <div>
          <h2 className="office-card__title">{t("location.address")}</h2>
          <address className="office-card__address">
            {address.street}
            <br />
            {address.postalCode} {address.city}
            {address.region ? `, ${address.region}` : ""}
            <br />
            {office.country}
            {office.email ? (
              <>
                <br />
                <a href={`mailto:${office.email}`}>
                  <AddressText>{office.email}</AddressText>
                </a>
              </>
            ) : null}
          </address>
          <p>
            <a className="text-link" href={mapUrl(office)} target="_blank" rel="noopener noreferrer">
              {t("location.visit")}
              <span className="visually-hidden"> {t("location.newTab")}</span>
            </a>
          </p>
        </div>
      </div>
    </div>
  );
}

export function LocationPositions({ city, slug, jobs }: { city: string; slug: string; jobs: JobCard[] }) {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  return (
    <Section id={careersSectionId} title={t("location.positions", { city })} tone="raised">
      {jobs.length > 0 ? (
        <JobList jobs={jobs} linkSearch={`?location=${slug}`} />
      ) : (
        <div className="notice">
          <p>{t("location.empty", { city })}</p>
          <p>
            <SiteLink className="button button--primary" to={`${localize("/alerts")}?location=${slug}`}>
              {t("openApplication.alerts")}
            </SiteLink>
          </p>
        </div>
      )}
      <p className="section-more">
        <SiteLink className="text-link" to={`${localize("/careers")}?location=${slug}#${careersSectionId}`}>
          {t("location.all")}
        </SiteLink>
      </p>
    </Section>
  );
}

export function OtherLocations({
  offices,
}: {
  offices: Array<{ slug: string; name: string; country: string }>;
}) {
  const { t } = useTranslation("careers");
  return (
    <Section title={t("location.others")}>
      <LocationLinks offices={offices} />
    </Section>
  );
}

/** docs/requirements.md#careers: the Quebec page is also the region's playtesting section. */
export function QuebecPlaytesting() {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  return (
    <Section
      label={t("location.playtest.label")}
      title={t("location.playtest.title")}
      tone="accent"
      width="narrow"
    >
      <p className="lead-copy">{t("location.playtest.body")}</p>
      <p className="button-row">
        <SiteLink className="button button--primary" to={localize("/playtesting")}>
          {t("location.playtest.cta")}
        </SiteLink>
      </p>
    </Section>
  );
}
