import "./contact.css";
import type { ReactNode } from "react";
import type { Office } from "~/features/offices";
import { mapUrl } from "~/features/offices";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { officeArt } from "~/ui/art/art";
import { AddressText } from "~/ui/page-kit/AddressText";
import { Icon } from "~/ui/page-kit/icons";
import { Section } from "~/ui/page-kit/Section";
import { TaggedText } from "~/ui/page-kit/TaggedText";

/** The form's section: the fragment of the form's action and of the address after sending. */
export const contactFormAnchor = "contact-form";

export function ContactTiles({ email }: { email: { general: string; press: string } }) {
  const { t } = useTranslation("contact");
  const localize = useLocalizePath();
  return (
    <div className="container contact-tiles-wrap">
      <ul className="contact-tiles">
        <li className="contact-tile">
          <Icon name="mail" size={32} />
          <h2 className="contact-tile__title">{t("tiles.general.title")}</h2>
          <p>{t("tiles.general.body")}</p>
          <p>
            <a className="contact-tile__email" href={`mailto:${email.general}`}>
              <AddressText>{email.general}</AddressText>
            </a>
          </p>
        </li>
        <li className="contact-tile">
          <Icon name="pen" size={32} />
          <h2 className="contact-tile__title">{t("tiles.press.title")}</h2>
          <p>{t("tiles.press.body")}</p>
          <p>
            <a className="contact-tile__email" href={`mailto:${email.press}`}>
              <AddressText>{email.press}</AddressText>
            </a>
          </p>
          <p>
            <SiteLink className="text-link" to={localize("/press")}>
              {t("tiles.press.kit")}
            </SiteLink>
          </p>
        </li>
      </ul>
      <p className="contact-support">
        <TaggedText
          text={t("tiles.support")}
          elements={[<SiteLink key="support" to={localize("/support")} />]}
        />
      </p>
    </div>
  );
}

export type ContactOffice = Pick<
  Office,
  "slug" | "name" | "country" | "address" | "latitude" | "longitude" | "phone" | "email" | "artFocus"
> & { /** The E.164 number for the tel: link; `phone` is formatted for reading. */ phoneHref: string | null };

export function OfficeList({ offices, map }: { offices: ContactOffice[]; map?: ReactNode }) {
  const { t } = useTranslation("contact");
  return (
    <Section label={t("offices.label")} title={t("offices.title")} intro={t("offices.intro")} tone="raised">
      {map}
      <ul className="office-list">
        {offices.map((office) => {
          const art = officeArt(office.slug, office.artFocus);
          return (
            <li key={office.slug} className="office">
              {art ? <ArtPicture art={art} crop="card" className="office__art" /> : null}
              <h3 className="office__name">
                {office.name}
                <span className="office__country">{office.country}</span>
              </h3>
              <address className="office__address">
                {office.address.street}
                <br />
                {office.address.postalCode} {office.address.city}
                {office.address.region ? `, ${office.address.region}` : ""}
              </address>
              {office.phone || office.email ? (
                <dl className="office__contacts">
                  {office.phone ? (
                    <div>
                      <dt>{t("offices.phone")}</dt>
                      <dd>
                        <a href={`tel:${office.phoneHref}`}>{office.phone}</a>
                      </dd>
                    </div>
                  ) : null}
                  {office.email ? (
                    <div>
                      <dt>{t("offices.email")}</dt>
                      <dd>
                        <a href={`mailto:${office.email}`}>
                          <AddressText>{office.email}</AddressText>
                        </a>
                      </dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
              <p className="office__visit">
                <a
                  className="button button--small"
                  href={mapUrl(office)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <span aria-hidden="true">{t("offices.visit")}</span>
                  <span className="visually-hidden">
                    {t("offices.visitLabel", { city: office.name })} {t("offices.newTab")}
                  </span>
                </a>
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function ContactFormIntro({
  email,
  sent,
  children,
}: {
  email: string;
  /** After a message was sent: a lasting confirmation (the toast fades), also without JavaScript. */
  sent?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation("contact");
  return (
    <Section id={contactFormAnchor} label={t("form.label")} title={t("form.title")} width="narrow">
      <p className="lead-copy">{t("form.intro")}</p>
      <p>
        <TaggedText
          text={t("form.alternative", { email })}
          elements={{ mail: <a href={`mailto:${email}`}>{email}</a> }}
        />
      </p>
      {sent ? (
        <p className="contact-sent" role="status">
          {t("form.sent")}
        </p>
      ) : null}
      {children}
    </Section>
  );
}
