import "./press.css";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/features/careers/job-display";
import { useLanguage } from "~/platform/i18n/use-language";
import { formatFileSize, formatPrices } from "./press-format";
import type { PressFile, PressKit } from "./press-types";

/**
 * One press kit in the spirit of presskit(): the download first (what a journalist came for),
 * then facts, texts, videos, images and logos with per-file downloads, awards, quotes, the
 * streaming permission, team and contacts. Each part is a landmark named by its heading.
 */

type Part =
  | "facts"
  | "about"
  | "videos"
  | "images"
  | "logos"
  | "awards"
  | "quotes"
  | "monetization"
  | "team"
  | "contact";

/** The parts a kit has, in page order (for the in-page navigation). */
export function kitParts(kit: PressKit): Part[] {
  const parts: Part[] = ["facts", "about"];
  if (kit.videos.length) parts.push("videos");
  parts.push("images", "logos");
  if (kit.awards.length) parts.push("awards");
  if (kit.quotes.length) parts.push("quotes");
  parts.push("monetization", "team", "contact");
  return parts;
}

const partId = (part: Part) => `kit-${part}`;

export function KitNav({
  parts,
  extra = [],
}: {
  parts: Part[];
  extra?: Array<{ id: string; label: string }>;
}) {
  const { t } = useTranslation("press");
  const links = [...parts.map((part) => ({ id: partId(part), label: t(`nav.${part}`) })), ...extra];
  return (
    <nav className="kit-nav" aria-label={t("nav.label")}>
      <div className="container">
        <ul className="kit-nav__list">
          {links.map((link) => (
            <li key={link.id}>
              <a className="kit-nav__link" href={`#${link.id}`}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

export function ZipDownload({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  const lang = useLanguage();
  return (
    <div className="kit-download">
      <a className="button button--primary kit-download__button" href={kit.download.url} download>
        <svg className="button__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t("download.zip", { size: formatFileSize(kit.download.bytes, lang) })}
      </a>
      <p className="kit-download__note">
        {t("download.zipNote", { count: kit.images.length + kit.logos.length })}
      </p>
    </div>
  );
}

function KitSection({
  part,
  title,
  children,
  tone = "plain",
}: {
  part: Part;
  title: string;
  children: ReactNode;
  tone?: "plain" | "raised";
}) {
  return (
    <section
      className={`kit-section kit-section--${tone}`}
      id={partId(part)}
      aria-labelledby={`${partId(part)}-title`}
    >
      <div className="container">
        <h2 className="kit-section__title" id={`${partId(part)}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function KitFacts({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  const lang = useLanguage();
  const { facts } = kit;
  const items: Array<[string, ReactNode]> = [
    [t("facts.developer"), facts.developer],
    ...(facts.publisher ? [[t("facts.publisher"), facts.publisher] as [string, string]] : []),
    [t("facts.basedIn"), facts.basedIn],
  ];
  if (facts.releaseDate) {
    items.push([
      kit.kind === "studio" ? t("facts.founded") : t("facts.releaseDate"),
      formatDate(facts.releaseDate, lang),
    ]);
  }
  if (facts.platforms.length) items.push([t("facts.platforms"), facts.platforms.join(", ")]);
  if (facts.website) {
    items.push([
      t("facts.website"),
      <a key="website" className="text-link" href={facts.website}>
        {facts.website.replace(/^https:\/\//, "")}
      </a>,
    ]);
  }
  if (facts.price.length) items.push([t("facts.price"), formatPrices(facts.price, lang)]);
  return (
    <KitSection part="facts" title={t("facts.title")} tone="raised">
      <dl className="fact-sheet">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </KitSection>
  );
}

export function KitAbout({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  return (
    <KitSection part="about" title={t("nav.about")}>
      <div className="kit-about">
        <div className="kit-about__text">
          <h3 className="kit-subheading">{t("sections.description")}</h3>
          <p>{kit.description}</p>
          <h3 className="kit-subheading">{t("sections.history")}</h3>
          <p>{kit.history}</p>
        </div>
        <div className="kit-about__features">
          <h3 className="kit-subheading">{t("sections.features")}</h3>
          <ul className="kit-features">
            {kit.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </div>
      </div>
    </KitSection>
  );
}

export function KitVideos({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  if (!kit.videos.length) return null;
  return (
    <KitSection part="videos" title={t("sections.videos")}>
      <p className="kit-section__intro">{t("videos.intro")}</p>
      <ul className="kit-videos">
        {kit.videos.map((video) => (
          <li key={video.url} className="kit-video">
            <a className="kit-video__link" href={video.url} target="_blank" rel="noopener">
              <span className="kit-video__poster">
                <img
                  src={video.poster.url}
                  alt=""
                  width={video.poster.width}
                  height={video.poster.height}
                  loading="lazy"
                  decoding="async"
                />
                <svg className="kit-video__play" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
                  <circle cx="24" cy="24" r="23" />
                  <path d="M19 15v18l15-9z" />
                </svg>
              </span>
              <span className="kit-video__title">
                {t("videos.watch", { title: video.title, duration: video.duration })}
                <span className="visually-hidden"> ({t("videos.newTab")})</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

function FileCard({ file, eager }: { file: PressFile; eager: boolean }) {
  const { t } = useTranslation("press");
  const lang = useLanguage();
  const size = formatFileSize(file.bytes, lang);
  return (
    <li className="kit-file">
      <figure className="kit-file__figure">
        <span className={`kit-file__frame kit-file__frame--${file.format.toLowerCase()}`}>
          <img
            className="kit-file__thumb"
            src={file.thumbnail.url}
            alt={file.caption}
            width={file.thumbnail.width}
            height={file.thumbnail.height}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
        </span>
        <figcaption className="kit-file__caption">
          <span className="kit-file__name">{file.caption}</span>
          <span className="kit-file__details">
            {t("download.details", { format: file.format, width: file.width, height: file.height, size })}
          </span>
        </figcaption>
      </figure>
      <a
        className="button button--ghost kit-file__download"
        href={file.url}
        download
        aria-label={t("download.fileName", { caption: file.caption, format: file.format, size })}
      >
        {t("download.file")}
      </a>
    </li>
  );
}

export function KitFiles({
  kit,
  part,
  eagerCount = 0,
}: {
  kit: PressKit;
  part: "images" | "logos";
  eagerCount?: number;
}) {
  const { t } = useTranslation("press");
  const files = kit[part];
  return (
    <KitSection part={part} title={t(`sections.${part}`)} tone={part === "logos" ? "raised" : "plain"}>
      <ul className={`kit-files kit-files--${part}`}>
        {files.map((file, i) => (
          <FileCard key={file.name} file={file} eager={i < eagerCount} />
        ))}
      </ul>
    </KitSection>
  );
}

export function KitAwards({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  if (!kit.awards.length) return null;
  return (
    <KitSection part="awards" title={t("sections.awards")}>
      <ul className="kit-awards">
        {kit.awards.map((award) => (
          <li key={`${award.organization}-${award.year}-${award.title}`} className="kit-award">
            <span className="kit-award__year">{award.year}</span>
            <span className="kit-award__title">{award.title}</span>
            <span className="kit-award__org">{award.organization}</span>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

export function KitQuotes({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  if (!kit.quotes.length) return null;
  return (
    <KitSection part="quotes" title={t("sections.quotes")} tone="raised">
      <ul className="kit-quotes">
        {kit.quotes.map((quote) => (
          <li key={quote.quote}>
            <figure className="kit-quote">
              <blockquote className="kit-quote__text">
                <p>{quote.quote}</p>
              </blockquote>
              <figcaption className="kit-quote__source">
                {quote.author ? `${quote.author}, ` : ""}
                {quote.url ? (
                  <a className="text-link" href={quote.url}>
                    {quote.outlet}
                  </a>
                ) : (
                  <cite>{quote.outlet}</cite>
                )}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

export function KitMonetization({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  return (
    <KitSection part="monetization" title={t("sections.monetization")}>
      <div className="kit-monetization">
        <p className="kit-monetization__badge">{t("monetization.badge")}</p>
        <p>{kit.monetization}</p>
      </div>
    </KitSection>
  );
}

export function KitTeam({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  return (
    <KitSection part="team" title={t("sections.team")}>
      <ul className="kit-team">
        {kit.team.map((member) => (
          <li key={member.name} className="kit-team__member">
            <span className="kit-team__name">{member.name}</span>
            <span className="kit-team__role">{member.role}</span>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

export function KitContacts({ kit }: { kit: PressKit }) {
  const { t } = useTranslation("press");
  return (
    <KitSection part="contact" title={t("sections.contact")} tone="raised">
      <p className="kit-section__intro">{t("contact.body")}</p>
      <ul className="kit-contacts">
        {kit.contacts.map((contact) => (
          <li key={contact.email + contact.label} className="kit-contact">
            <span className="kit-contact__label">{contact.label}</span>
            <a className="kit-contact__email text-link" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </li>
        ))}
      </ul>
    </KitSection>
  );
}

/** Everything of a kit below its header. */
export function PressKitBody({ kit }: { kit: PressKit }) {
  return (
    <>
      <KitFacts kit={kit} />
      <KitAbout kit={kit} />
      <KitVideos kit={kit} />
      <KitFiles kit={kit} part="images" />
      <KitFiles kit={kit} part="logos" />
      <KitAwards kit={kit} />
      <KitQuotes kit={kit} />
      <KitMonetization kit={kit} />
      <KitTeam kit={kit} />
      <KitContacts kit={kit} />
    </>
  );
}

/** The kit's page header: name, tagline, date, the zip, and its lead image beside on wide screens. */
export function KitHeader({ kit, label, intro }: { kit: PressKit; label: string; intro?: string }) {
  const { t } = useTranslation("press");
  const lang = useLanguage();
  const art = kit.images[0]!;
  return (
    <header className="page-header page-header--with-art kit-header">
      <div className="page-header__inner container">
        <div className="page-header__text">
          <p className="eyebrow page-header__label">{label}</p>
          <h1 className="page-header__title">{kit.name}</h1>
          <p className="page-header__content">{intro ?? kit.tagline}</p>
          <p className="kit-header__date">
            {kit.archived
              ? t("kits.archivedNotice", { date: formatDate(kit.updatedOn, lang) })
              : t("kits.updated", { date: formatDate(kit.updatedOn, lang) })}
          </p>
          <ZipDownload kit={kit} />
        </div>
        <img
          className={`kit-header__art kit-header__art--${art.width > art.height ? "wide" : "tall"}`}
          src={art.thumbnail.url}
          alt=""
          width={art.thumbnail.width}
          height={art.thumbnail.height}
          fetchPriority="high"
        />
      </div>
    </header>
  );
}
