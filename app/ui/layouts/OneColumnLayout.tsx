import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useTranslation } from "~/platform/i18n/use-translation";
import { SiteFrame } from "./SiteFrame";

/**
 * Legal pages: one narrow text column; from 1170 px a sticky column beside it holds the page's
 * table of contents when the page gives one (<OneColumnToc>).
 */
export default function OneColumnLayout() {
  return (
    <SiteFrame name="one-column">
      <div className="one-column container">
        <Outlet />
      </div>
    </SiteFrame>
  );
}

/** The page's table of contents: links to its own section ids. */
export function OneColumnToc({ items }: { items: Array<{ id: string; label: string }> }) {
  const { t } = useTranslation("layout");
  if (items.length === 0) return null;
  return (
    <nav className="one-column__toc" aria-label={t("toc")}>
      <p className="one-column__toc-title" aria-hidden="true">
        {t("toc")}
      </p>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`}>{item.label}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The text column: headings and copy at a readable measure. */
export function OneColumnBody({ children }: { children: ReactNode }) {
  return <article className="one-column__body prose">{children}</article>;
}
