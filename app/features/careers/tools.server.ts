import { z } from "zod";
import { CommandRefused, defineCommand, isoDay, textTable } from "~/platform/control/command";
import { applicationStages } from "./application-stages";
import {
  type ApplicationStatus,
  applicationStatus,
  listApplications,
  moveApplication,
  type StageChange,
  type StageRefusal,
} from "./application-status.server";

/**
 * `npm run applications -- list|show|advance|reject`: the studio moves applications along
 * (there are no admin screens). Each change e-mails the applicant.
 */

const refusals: Record<StageRefusal, string> = {
  notFound: "No application has this id: it may have been deleted (by the applicant, or once kept its time).",
  notActive: "This application is withdrawn or already decided: it cannot be moved.",
  notForward: "An application only moves forward: name a later step with --to.",
  notInProcess:
    "This role has no skills interview or assessment (its offer says skillsStep: false): name a later step with --to.",
  unknownStage: `Unknown stage: use one of ${applicationStages.filter((s) => s !== "withdrawn").join(", ")}.`,
};

const id = z.uuid({ error: "--id must be an application's id (a UUID; see list)." });

function describe(status: ApplicationStatus): string {
  return [
    `${status.jobTitle}: ${status.name} <${status.email}> (${status.language})`,
    `id ${status.id}`,
    `stage ${status.stage} since ${isoDay(status.stageChangedAt)}; deleted on ${isoDay(status.expiresAt)}`,
    ...status.history.map((h) => `  ${isoDay(h.at)}  ${h.stage}`),
  ].join("\n");
}

const changed = (change: StageChange): ApplicationStatus => {
  if (!change.ok) throw new CommandRefused(refusals[change.code]);
  return change.status;
};

export const applicationCommands = [
  defineCommand({
    name: "applications.list",
    usage: "list [--stage apply|introCall|…|notSelected|withdrawn] [--job OFFER_ID] [--json]",
    args: z.object({
      stage: z.enum(applicationStages).optional(),
      job: z.coerce.number().int().positive().optional(),
    }),
    run: (svc, args) => listApplications(svc.db, args),
    print: (rows) =>
      rows.length
        ? `${textTable([
            ["ID", "SENT", "STAGE", "SINCE", "POSITION", "APPLICANT"],
            ...rows.map((r) => [
              r.id,
              isoDay(r.createdAt),
              r.stage,
              isoDay(r.stageChangedAt),
              r.jobTitle,
              `${r.name} <${r.email}>`,
            ]),
          ])}\n${rows.length} application(s)`
        : "No applications.",
  }),
  defineCommand({
    name: "applications.show",
    usage: "show --id ID [--json]",
    args: z.object({ id }),
    async run(svc, args) {
      const status = await applicationStatus(svc.db, args.id);
      if (!status) throw new CommandRefused(refusals.notFound);
      return status;
    },
    print: describe,
  }),
  defineCommand({
    name: "applications.advance",
    usage:
      "advance --id ID [--to STEP]   (the role's next step by default, skipping the skills step for roles without one; e-mails the applicant)",
    args: z.object({ id, to: z.string().optional() }),
    run: async (svc, args) => changed(await moveApplication(svc, args)),
    print: (status) => `Moved to ${status.stage}; the applicant is e-mailed.\n${describe(status)}`,
  }),
  defineCommand({
    name: "applications.reject",
    usage: "reject --id ID   (not selected; e-mails the applicant a short, kind answer)",
    args: z.object({ id }),
    run: async (svc, args) => changed(await moveApplication(svc, { id: args.id, to: "notSelected" })),
    print: (status) => `Not selected; the applicant is e-mailed.\n${describe(status)}`,
  }),
];
