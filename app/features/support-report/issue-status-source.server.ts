import { patchNotesPath } from "~/features/patches";
import { getStudioInfo } from "~/features/studio/index.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { defineStatusAction, defineStatusSource, statusDay } from "~/platform/status/source.server";
import { issueCommentSchema } from "./issue-form";
import { issueReportsOf, issueStatus } from "./issue-status.server";
import type { IssueStatusData } from "./lazy/IssueStatusView";
import { issueReportPersonalData } from "./personal-data.server";
import { addInfoToIssue, issueFormTexts } from "./report-issue.server";

/**
 * An issue report's status page: where it stands, the patch that fixed it, its history, and the
 * information the reporter adds while the studio asks for it (a form with a file).
 */
export const issueReportStatusSource = defineStatusSource<IssueStatusData>({
  personalData: issueReportPersonalData,
  async page(db, id, lang) {
    const status = await issueStatus(db, id, lang);
    if (!status) return null;
    return {
      title: status.summary,
      deleteOn: statusDay(status.expiresAt, lang),
      data: {
        reference: status.reference,
        gameName: status.gameName,
        platform: status.platform,
        category: status.category,
        status: status.status,
        sentOn: statusDay(status.createdAt, lang),
        changedOn: statusDay(status.statusChangedAt, lang),
        note: status.note,
        patch: status.patch
          ? {
              version: status.patch.version,
              title: status.patch.title,
              href: patchNotesPath(status.patch.game, status.patch.version, lang),
            }
          : null,
        infoAddedOn: status.infoAddedAt ? statusDay(status.infoAddedAt, lang) : null,
        history: status.history.map((step) => ({
          status: step.status,
          on: statusDay(step.at, lang),
          at: step.at.toISOString(),
        })),
      },
    };
  },
  summaryKey: (data) => `support-report:status.states.${data.status}.title`,
  async sentFrom(tx, address, { t, lang }) {
    const reports = await issueReportsOf(tx, address);
    if (!reports.length) return [];
    // Read in the transaction, not through the process's content memo: the embedded database is
    // one connection, which the transaction holds until it ends (a rare, rate-limited request).
    const studio = await getStudioInfo(tx, lang);
    const gameName = (slug: string) => studio.games.find((g) => g.slug === slug)?.name ?? slug;
    // Never the visitor's own words (a summary): the reference and the game.
    return reports.map((report) => ({
      id: report.id,
      label: t("status:kinds.issueReport", { reference: report.reference, game: gameName(report.game) }),
    }));
  },
  actions: {
    comment: defineStatusAction({
      schema: issueCommentSchema,
      form: true,
      async run(svc, id, value, reply) {
        const outcome = await addInfoToIssue(svc, id, value);
        if (!outcome.ok) return { result: toFormReply(outcome, reply, issueFormTexts) };
        return { message: { kind: "success", messages: ["support-report:status.comment.done"] } };
      },
    }),
  },
});
