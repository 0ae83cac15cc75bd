import { z } from "zod";
import { CommandRefused, defineCommand, isoDay, textTable } from "~/platform/control/command";
import {
  type IssueChange,
  type IssueRefusal,
  type IssueStatus,
  issueStatuses,
  linkPatch,
  listIssueReports,
  moveIssue,
  studioMoves,
} from "./issue-status.server";

/**
 * `npm run support:issues -- list|status|link-patch` (scripts/support-issues.ts): the studio
 * moves issue reports along; each change e-mails the reporter with a fresh status link.
 */

const refusals: Record<IssueRefusal, string> = {
  notFound: "No issue report has this id: it may have been deleted (by its reporter, or once kept its time).",
  closed: "This report is fixed or won't be fixed: it cannot be moved again.",
  unchanged: "The report already has this status.",
  unknownPatch: "No patch has this name: use <game>/<version> of the patch notes (content/patches).",
  otherGame: "This patch is another game's: name a patch of the report's game.",
  notNeedingInfo: "This report does not need information.",
  moved: "The report changed while this ran: look again with list.",
};

const id = z.uuid({ error: "--id must be a report's id (a UUID; see list)." });

const changed = (change: IssueChange): IssueStatus => {
  if (!change.ok) throw new CommandRefused(refusals[change.code]);
  return change.status;
};

const describe = (s: IssueStatus) =>
  [
    `${s.reference} ${s.gameName} (${s.platform}): ${s.summary}`,
    `id ${s.id}, from ${s.email} (${s.language})`,
    `status ${s.status} since ${isoDay(s.statusChangedAt)}${s.patch ? ` in ${s.patch.key}` : ""}`,
    ...(s.note ? [`note: ${s.note}`] : []),
    ...s.history.map((h) => `  ${isoDay(h.at)}  ${h.status}`),
  ].join("\n");

export const issueCommands = [
  defineCommand({
    name: "support:issues.list",
    usage: `list [--status ${issueStatuses.join("|")}] [--game GAME] [--json]`,
    args: z.strictObject({
      status: z.enum(issueStatuses).optional(),
      game: z
        .string()
        .regex(/^[a-z0-9-]+$/, "a game's slug (--game tidebound)")
        .optional(),
    }),
    run: (svc, args) => listIssueReports(svc.db, args),
    print: (rows) =>
      rows.length
        ? `${textTable([
            ["ID", "REF", "SENT", "STATUS", "SINCE", "GAME", "PLATFORM", "SUMMARY", "FROM"],
            ...rows.map((r) => [
              r.id,
              r.reference,
              isoDay(r.createdAt),
              r.patch
                ? `${r.status} ${r.patch}`
                : r.infoAddedAt && r.status === "received"
                  ? "received (info added)"
                  : r.status,
              isoDay(r.statusChangedAt),
              r.game,
              r.platform,
              r.summary,
              r.email,
            ]),
          ])}\n${rows.length} report(s)`
        : "No reports.",
  }),
  defineCommand({
    name: "support:issues.status",
    usage: `status --id ID --to ${studioMoves.join("|")} [--note TEXT]   (e-mails the reporter; the note says what information is needed)`,
    args: z.strictObject({
      id,
      to: z.enum(studioMoves, { error: `--to must be one of ${studioMoves.join(", ")}.` }),
      note: z.string().max(2000).optional(),
    }),
    run: async (svc, args) => changed(await moveIssue(svc, args)),
    print: (s) => `Now ${s.status}; the reporter is e-mailed.\n${describe(s)}`,
  }),
  defineCommand({
    name: "support:issues.link-patch",
    usage:
      "link-patch --id ID --patch GAME/VERSION   (fixed in that patch; e-mails the reporter a link to its notes)",
    args: z.strictObject({
      id,
      patch: z.string().regex(/^[a-z0-9-]+\/[^/\s]+$/, "--patch is <game>/<version>, e.g. tidebound/2.4"),
    }),
    run: async (svc, args) => changed(await linkPatch(svc, args)),
    print: (s) => `Fixed in ${s.patch?.key}; the reporter is e-mailed.\n${describe(s)}`,
  }),
];
