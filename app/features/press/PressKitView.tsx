import "./press.css";
import type { ReactNode } from "react";
import { TrailerEmbed } from "~/features/embeds";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ArtPicture } from "~/ui/art/ArtPicture";
import { gameArt } from "~/ui/art/art";
import { AddressText } from "~/ui/page-kit/AddressText";
import { Section } from "~/ui/page-kit/Section";
import { pressImageSources, pressPoster } from "./press-image";
import type { LabelledFile, LabelledKit } from "./press-types";

/**
 * One press kit in the spirit of presskit(): the download first (what a journalist came for),
 * then facts, texts, videos, images and logos with per-file downloads, awards, quotes, the
 * streaming permission, team and contacts. Each part is a landmark named by its heading.
 */

type KitProps = { kit: LabelledKit };

type PartView = {
  /** Anchor (`kit-<id>`) and the key of its link in the navigation (`nav.<id>`). */
  id: string;
  /** Catalog keys of the heading and of the paragraph under it. */
  title: string;
  intro?: string;
  tone?: "raised";
  Body: (props: KitProps) => ReactNode;
  /** Parts a kit may lack; the others are always shown. */
  shown?: (kit: LabelledKit) => boolean;
};

/** The parts of a kit in page order: the page and its in-page navigation are both made from it. */
const parts: PartView[] = [
  { id: "facts", title: "facts.title", tone: "raised", Body: KitFacts },
  { id: "about", title: "nav.about", Body: KitAbout },
  {
    id: "trailer",
    title: "sections.trailer",
    Body: ({ kit }) =>
      kit.trailer ? (
        <TrailerEmbed trailer={kit.trailer} poster={pressPoster(kit.trailer.poster, kit.images)} />
      ) : null,
    shown: (kit) => kit.trailer !== null,
  },
  {
    id: "videos",
    title: "sections.videos",
    intro: "videos.intro",
    Body: KitVideos,
    shown: (kit) => kit.videos.length > 0,
  },
  {
    id: "images",
    title: "sections.images",
    Body: ({ kit }) => <KitFiles files={kit.images} part="images" />,
  },
  {
    id: "logos",
    title: "sections.logos",
    tone: "raised",
    Body: ({ kit }) => <KitFiles files={kit.logos} part="logos" />,
  },
  { id: "awards", title: "sections.awards", Body: KitAwards, shown: (kit) => kit.awards.length > 0 },
  {
    id: "quotes",
    title: "sections.quotes",
    tone: "raised",
    Body: KitQuotes,
    shown: (kit) => kit.quotes.length > 0,
  },
  { id: "monetization", title: "sections.monetization", Body: KitMonetization },
  { id: "team", title: "sections.team", Body: KitTeam },
  { id: "contact", title: "sections.contact", tone: "raised", intro: "contact.body", Body: KitContacts },
];

const kitParts = (kit: LabelledKit) => parts.filter((part) => part.shown?.(kit) ?? true);

type NavLink = { id: string; label: string };

/** The in-page navigation: the kit's parts, and sections the page adds around the kit. */
export function KitNav({
  kit,
  before = [],
  after = [],
}: KitProps & { before?: NavLink[]; after?: NavLink[] }) {
  const { t } = useTranslation("press");
  const links = [
    ...before,
    ...kitParts(kit).map((part) => ({ id: `kit-${part.id}`, label: t(`nav.${part.id}`) })),
    ...after,
  ];
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

/** Everything of a kit below its header. */
export function PressKitBody({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return kitParts(kit).map(({ id, title, intro, tone, Body }) => (
    <Section key={id} id={`kit-${id}`} title={t(title)} tone={tone} intro={intro && t(intro)}>
      <Body kit={kit} />
    </Section>
  ));
}

/**
 * The kit's page header: name, tagline, date and the zip, beside the game's key art (a band above
 * them on a phone); a studio kit shows its lead image on wide screens.
 */
export function KitHeader({ kit, label, intro }: KitProps & { label: string; intro?: string }) {
  const { t } = useTranslation("press");
  const art = kit.images[0]!;
  const keyArt = kit.game ? gameArt(kit.game, kit.gameArt) : undefined;
  return (
    <header className="page-header page-header--with-art kit-header">
      <div className="page-header__inner container">
        <div className="page-header__text">
          <p className="eyebrow page-header__label">{label}</p>
          <h1 className="page-header__title">{kit.name}</h1>
          <p className="page-header__content">{intro ?? kit.tagline}</p>
          <p className="kit-header__date">
            {kit.archived
              ? t("kits.archivedNotice", { date: kit.labels.updated })
              : t("kits.updated", { date: kit.labels.updated })}
          </p>
          <ZipDownload kit={kit} />
        </div>
        {keyArt ? (
          <ArtPicture
            art={keyArt}
            crop="hero"
            className="page-header__art"
            sizes="(min-width: 970px) 45vw, 100vw"
            priority
          />
        ) : (
          <StudioKitArt art={art} />
        )}
      </div>
    </header>
  );
}

/** A transparent 1×1 GIF inside the page, no request: the <img>'s own source where no <source> matches. */
const noImage = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

/**
 * A studio kit's lead image, beside its header from 970 px on (press.css hides it below). A hidden
 * <img> is still downloaded, and with its high priority ahead of the page's fonts: on a phone that
 * was the full 1920 px file, the first screen's largest download. Its sources sit behind the same
 * media condition, so a phone matches none, takes the empty image and fetches nothing; React
 * writes no preload for an <img> inside a <picture> (it cannot know which source applies).
 */
function StudioKitArt({ art }: { art: LabelledFile }) {
  const wide = art.width > art.height;
  const { src, srcSet } = pressImageSources(art);
  return (
    <picture className="art-picture">
      {/* The widths press.css gives it: min(100%, 30rem) wide, min(100%, 20rem) tall. */}
      <source
        media="(min-width: 970px)"
        srcSet={srcSet ?? src}
        {...(srcSet ? { sizes: wide ? "30rem" : "20rem" } : {})}
      />
      <img
        className={`kit-header__art kit-header__art--${wide ? "wide" : "tall"}`}
        src={noImage}
        alt=""
        width={art.thumbnail.width}
        height={art.thumbnail.height}
        fetchPriority="high"
      />
    </picture>
  );
}

function ZipDownload({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return (
    <div className="kit-download">
      <a className="button button--primary kit-download__button" href={kit.download.url} download>
        <svg className="button__icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d="M10 3v10m0 0-4-4m4 4 4-4M4 16h12" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t("download.zip", { size: kit.labels.zipSize })}
      </a>
      <p className="kit-download__note">
        {t("download.zipNote", { count: kit.images.length + kit.logos.length })}
      </p>
    </div>
  );
}

function KitFacts({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return (
    <dl className="fact-sheet">
      {kit.labels.facts.map(({ key, value }) => (
        <div key={key}>
          <dt>{t(`facts.${key}`)}</dt>
          <dd>
            {key === "website" ? (
              <a className="text-link" href={value}>
                <AddressText>{value.replace(/^https:\/\//, "")}</AddressText>
              </a>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function KitAbout({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return (
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
  );
}

function KitVideos({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return (
    <ul className="kit-videos">
      {kit.videos.map((video) => {
        const poster = pressPoster(video.poster, kit.images);
        return (
          <li key={video.url} className="kit-video">
            <a className="kit-video__link" href={video.url} target="_blank" rel="noopener">
              <span className="kit-video__poster">
                <img
                  src={poster.url}
                  srcSet={poster.srcSet}
                  sizes={poster.sizes}
                  alt=""
                  width={poster.width}
                  height={poster.height}
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
        );
      })}
    </ul>
  );
}

function KitFiles({ files, part }: { files: LabelledFile[]; part: "images" | "logos" }) {
  const { t } = useTranslation("press");
  return (
    <ul className={`kit-files kit-files--${part}`}>
      {files.map((file) => (
        <li key={file.name} className="kit-file">
          <figure className="kit-file__figure">
            <span className={`kit-file__frame kit-file__frame--${file.format.toLowerCase()}`}>
              <img
                className="kit-file__thumb"
                {...pressImageSources(file)}
                alt={file.caption}
                width={file.thumbnail.width}
                height={file.thumbnail.height}
                loading="lazy"
                decoding="async"
              />
            </span>
            <figcaption className="kit-file__caption">
              <span className="kit-file__name">{file.caption}</span>
              <span className="kit-file__details">
                {t("download.details", {
                  format: file.format,
                  width: file.width,
                  height: file.height,
                  size: file.size,
                })}
              </span>
            </figcaption>
          </figure>
          <a
            className="button button--ghost kit-file__download"
            href={file.url}
            download
            aria-label={t("download.fileName", {
              caption: file.caption,
              format: file.format,
              size: file.size,
            })}
          >
            {t("download.file")}
          </a>
        </li>
      ))}
    </ul>
  );
}

function KitAwards({ kit }: KitProps) {
  return (
    <ul className="kit-awards">
      {kit.awards.map((award) => (
        <li key={`${award.organization}-${award.year}-${award.title}`} className="kit-award">
          <span className="kit-award__year">{award.year}</span>
          <span className="kit-award__title">{award.title}</span>
          <span className="kit-award__org">{award.organization}</span>
        </li>
      ))}
    </ul>
  );
}

function KitQuotes({ kit }: KitProps) {
  return (
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
  );
}

function KitMonetization({ kit }: KitProps) {
  const { t } = useTranslation("press");
  return (
    <div className="kit-monetization">
      <p className="kit-monetization__badge">{t("monetization.badge")}</p>
      <p>{kit.monetization}</p>
    </div>
  );
}

function KitTeam({ kit }: KitProps) {
  return (
    <ul className="kit-team">
      {kit.team.map((member) => (
        <li key={member.name} className="kit-team__member">
          <span className="kit-team__name">{member.name}</span>
          <span className="kit-team__role">{member.role}</span>
        </li>
      ))}
    </ul>
  );
}

function KitContacts({ kit }: KitProps) {
  return (
    <ul className="kit-contacts">
      {kit.contacts.map((contact) => (
        <li key={contact.email + contact.label} className="kit-contact">
          <span className="kit-contact__label">{contact.label}</span>
          <a className="kit-contact__email text-link" href={`mailto:${contact.email}`}>
            <AddressText>{contact.email}</AddressText>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * A kit's images as a gallery (a game's page): one shown large over a row of thumbnails. Each
 * thumbnail is the label of a radio button, so it works without JavaScript and with the keyboard
 * as any radio group does (Tab to the group, arrows to move); the checked one's picture shows
 * (press.css). Alt texts are the kit's captions.
 */
export function KitGallery({ kit }: KitProps) {
  const { t } = useTranslation("press");
  const name = `gallery-${kit.slug}`;
  return (
    <fieldset className="kit-gallery">
      <legend className="visually-hidden">{t("gallery.label", { name: kit.name })}</legend>
      <div className="kit-gallery__grid">
        {kit.images.map((image, index) => {
          const id = `${name}-${index}`;
          return (
            <div key={image.name} className="kit-gallery__shot">
              <input
                className="kit-gallery__choice"
                type="radio"
                name={name}
                id={id}
                value={image.name}
                defaultChecked={index === 0}
              />
              <label className="kit-gallery__thumb" htmlFor={id}>
                <img
                  className="kit-gallery__thumb-image"
                  src={image.thumbnail.url}
                  alt={image.caption}
                  width={image.thumbnail.width}
                  height={image.thumbnail.height}
                  decoding="async"
                />
              </label>
              <figure className="kit-gallery__view">
                <img
                  className="kit-gallery__image"
                  src={image.url}
                  alt={image.caption}
                  width={image.width}
                  height={image.height}
                  // The first picture shows before any choice; the others load once chosen.
                  loading={index === 0 ? undefined : "lazy"}
                  decoding="async"
                />
                <figcaption className="kit-gallery__caption">
                  {t("gallery.position", { position: index + 1, count: kit.images.length })} · {image.caption}
                </figcaption>
              </figure>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * What a journalist needs from a game's page: the fact sheet, the logos and the whole kit as a
 * zip, with the way to the full kit.
 */
export function KitEssentials({ kit, fullKit }: KitProps & { fullKit: ReactNode }) {
  const { t } = useTranslation("press");
  return (
    <div className="kit-essentials">
      <div className="kit-essentials__facts">
        <h3 className="kit-subheading">{t("facts.title")}</h3>
        <KitFacts kit={kit} />
        <ZipDownload kit={kit} />
        <p>{fullKit}</p>
      </div>
      <div className="kit-essentials__logos">
        <h3 className="kit-subheading">{t("sections.logos")}</h3>
        <KitFiles files={kit.logos} part="logos" />
      </div>
    </div>
  );
}
