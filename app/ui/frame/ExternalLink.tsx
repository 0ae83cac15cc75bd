import type { ReactNode } from "react";
import { useTranslation } from "~/platform/i18n/use-translation";

type Props = { href: string; className?: string; children: ReactNode; showIcon?: boolean };

/**
 * A link to another site: opens in a new tab without handing it our window (noopener) or the
 * page address (noreferrer), and says so to screen readers and with a visible arrow.
 */
export function ExternalLink({ href, className, children, showIcon = true }: Props) {
  const { t } = useTranslation("layout");
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      {showIcon ? (
        <svg
          className="external-icon"
          viewBox="0 0 16 16"
          width="12"
          height="12"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 3h7v7M13 3 4 12" fill="none" stroke="currentColor" strokeWidth="1.75" />
        </svg>
      ) : null}
      <span className="visually-hidden"> {t("opensInNewTab")}</span>
    </a>
  );
}
