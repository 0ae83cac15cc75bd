import "./legal.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import { PageHeader } from "~/ui/frame/PageHeader";
import { RichText } from "~/ui/page-kit/RichText";
import { TaggedText } from "~/ui/page-kit/TaggedText";
import type { TocEntry } from "./legal-toc";

/** Catalog keys of the four legal pages (`legal:{page}.…`). */
export type LegalPageKey = "privacy" | "fanContentPolicy" | "tos" | "gdpr";

export type LegalPageData = {
  title: string;
  version: number;
  /** ISO date of the last change and the same date written for the page's language. */
  lastChanged: string;
  lastChangedLabel: string;
  html: string;
  toc: TocEntry[];
  studioName: string;
  /** Where to write about this page. */
  email: string;
};

/**
 * A legal document in the one-column layout: heading with the date of last change (and the
 * version, for the terms of service), a table of contents linking to the document's headings,
 * then the document, rendered from Markdown and sanitized on the server.
 */
export function LegalPage({
  page,
  data,
  showVersion = false,
}: {
  page: LegalPageKey;
  data: LegalPageData;
  showVersion?: boolean;
}) {
  const { t } = useTranslation("legal");
  return (
    <>
      <PageHeader
        label={t("label")}
        title={data.title}
        content={
          <>
            <p>{t(`${page}.intro`, { studio: data.studioName })}</p>
            <p className="legal-page__meta">
              <span>
                {t("lastChanged")} <time dateTime={data.lastChanged}>{data.lastChangedLabel}</time>
              </span>
              {showVersion ? <span>{t("version", { version: data.version })}</span> : null}
            </p>
          </>
        }
      />
      <LegalToc entries={data.toc} />
      <article className="one-column__body prose legal-page__body">
        <RichText html={data.html} />
        <p className="legal-page__contact">
          <TaggedText
            text={t("contact", { email: data.email })}
            elements={{ mail: <a href={`mailto:${data.email}`}>{data.email}</a> }}
          />
        </p>
      </article>
    </>
  );
}

/** Links to the document's sections (h2) and their subsections (h3). */
function LegalToc({ entries }: { entries: TocEntry[] }) {
  const { t } = useTranslation("legal");
  if (entries.length === 0) return null;
  return (
    <nav className="one-column__toc legal-page__toc" aria-labelledby="legal-toc-title">
      <h2 id="legal-toc-title" className="one-column__toc-title">
        {t("toc")}
      </h2>
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
