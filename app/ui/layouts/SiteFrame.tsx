import type { ReactNode } from "react";
import { SiteFooter } from "~/ui/frame/SiteFooter";
import { SiteHeader } from "~/ui/frame/SiteHeader";
import { SkipLink } from "~/ui/frame/SkipLink";

type Props = {
  /** The layout's name, for its styles: `layout--<name>`. */
  name: "default" | "careers" | "playtesters" | "blog" | "one-column" | "simple";
  header?: "full" | "minimal";
  footer?: "full" | "compact";
  /** Sits between the header and <main>, e.g. the careers section band. */
  band?: ReactNode;
  theme?: "playtest";
  className?: string;
  children: ReactNode;
};

/**
 * What every layout shares: skip link, header, one <main id="main"> (the skip link's and
 * route-change focus target), footer. Each layout gives it a character through its name.
 */
export function SiteFrame({
  name,
  header = "full",
  footer = "full",
  band,
  theme,
  className,
  children,
}: Props) {
  return (
    <div className={`layout layout--${name}${className ? ` ${className}` : ""}`} data-theme={theme}>
      <SkipLink />
      <SiteHeader variant={header} />
      {band}
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter variant={footer} />
    </div>
  );
}
