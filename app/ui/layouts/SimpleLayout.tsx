import type { ReactNode } from "react";
import { Outlet, useMatches } from "react-router";
import { handleValue } from "./handle";
import { SiteFrame } from "./SiteFrame";

/**
 * The account screens: a minimal header and one centred card, so the
 * visitor's task is the only thing on screen. A route may ask for the login backdrop with
 * `handle: { backdrop: "login" }`, and for a card wide enough for a grid with
 * `handle: { card: "wide" }`.
 */
export default function SimpleLayout() {
  return (
    <SimpleFrame>
      <Outlet />
    </SimpleFrame>
  );
}

/** The simple layout's look around any content. */
export function SimpleFrame({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const backdrop = handleValue(matches, "backdrop");
  const wide = handleValue(matches, "card") === "wide";
  return (
    <SiteFrame
      name="simple"
      header="minimal"
      footer="compact"
      className={backdrop === "login" ? "layout--login" : undefined}
    >
      <div className="simple-stage">
        <div className={wide ? "simple-card simple-card--wide" : "simple-card"}>{children}</div>
      </div>
    </SiteFrame>
  );
}
