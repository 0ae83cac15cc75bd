import "./known-issues.css";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { KnownIssueView } from "./known-issue-search";

/*
 * Known issues as read-only lists, apart from the report page's suggestions so that a page
 * showing them (a game's) does not load the suggestions' requests and state.
 */

/** Where the fix stands: investigating, coming in a patch, or fixed (linking to that patch's notes). */
export function KnownIssueStatus({ issue }: { issue: KnownIssueView }) {
  const { t } = useTranslation("support-report");
  const label =
    issue.status === "fixed"
      ? issue.patch
        ? t("known.status.fixedPatch", { patch: issue.patch })
        : t("known.status.fixed")
      : issue.status === "fixInProgress"
        ? issue.patch
          ? t("known.status.fixInProgressPatch", { patch: issue.patch })
          : t("known.status.fixInProgress")
        : t("known.status.investigating");
  return (
    <p className="known-issues__status">
      <span className={`known-issues__badge known-issues__badge--${issue.status}`}>{label}</span>
      {issue.patchNotes ? (
        <>
          {" "}
          <a href={issue.patchNotes}>{t("known.patchNotes", { patch: issue.patch })}</a>
        </>
      ) : null}
    </p>
  );
}

/**
 * One game's known issues with where each fix stands and how many players said "Me too" (its
 * page); pressing it is the report page's, where the player describes what they see.
 */
export function KnownIssueCounts({ issues }: { issues: KnownIssueView[] }) {
  const { t } = useTranslation("support-report");
  return (
    <ul className="known-issues__list known-issues__list--counts">
      {issues.map((issue) => (
        <li key={issue.slug} className="known-issues__item" data-known-issue={issue.slug}>
          <h4 className="known-issues__item-title">{issue.title}</h4>
          <KnownIssueStatus issue={issue} />
          <p className="known-issues__text">{issue.text}</p>
          <p className="known-issues__count" data-affected={issue.affected}>
            {t("known.affected", { count: issue.affected })}
          </p>
        </li>
      ))}
    </ul>
  );
}
