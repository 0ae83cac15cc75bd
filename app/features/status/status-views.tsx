import type { ComponentType } from "react";
import { ApplicationStatusView } from "~/features/careers";
import { ContactStatusView } from "~/features/contact";
import { PlaytestStatusView } from "~/features/playtesting";
import type { StatusViewProps } from "~/platform/status/view";
import { hydrateLater } from "~/ui/hydrate-later";
import type { StatusKind } from "./status-sources.server";

// A view that holds a form hydrates once its code has loaded, after the rest of the page
// (ui/hydrate-later.tsx).
const IssueStatusView = hydrateLater(() =>
  import("~/features/support-report/lazy/IssueStatusView").then((m) => m.IssueStatusView),
);

/** Each kind's view, from its feature, one line each (the sources: status-sources.server.ts). */
// biome-ignore lint/suspicious/noExplicitAny: each view takes its own source's data.
export const statusViews: Record<StatusKind, ComponentType<StatusViewProps<any>>> = {
  application: ApplicationStatusView,
  contact: ContactStatusView,
  issueReport: IssueStatusView,
  playtest: PlaytestStatusView,
};
