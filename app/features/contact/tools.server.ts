import { z } from "zod";
import { CommandRefused, defineCommand, isoDay, textTable } from "~/platform/control/command";
import {
  type ContactRefusal,
  type ContactStatus,
  contactStatuses,
  listContactMessages,
  markAnswered,
} from "./contact-status.server";

/**
 * `npm run contact -- list|answered` (scripts/contact.ts): the studio marks the messages it
 * answered, so the sender's status page says so. Marking e-mails nothing (the answer was the
 * e-mail; see contact-status.server.ts).
 */

const refusals: Record<ContactRefusal, string> = {
  notFound:
    "No contact message has this id: it may have been deleted (by its sender, or once kept its time).",
  alreadyAnswered: "This message is already marked answered.",
};

const id = z.uuid({ error: "--id must be a message's id (a UUID; see list)." });

export const contactCommands = [
  defineCommand({
    name: "contact.list",
    usage: "list [--status received|answered] [--json]",
    args: z.strictObject({ status: z.enum(contactStatuses).optional() }),
    run: (svc, args) => listContactMessages(svc.db, args),
    print: (rows) =>
      rows.length
        ? `${textTable([
            ["ID", "SENT", "STATUS", "TOPIC", "SUBJECT", "FROM"],
            ...rows.map((r) => [
              r.id,
              isoDay(r.createdAt),
              r.answeredAt ? `${r.status} ${isoDay(r.answeredAt)}` : r.status,
              r.category,
              r.subject,
              `${r.name} <${r.email}>`,
            ]),
          ])}\n${rows.length} message(s)`
        : "No messages.",
  }),
  defineCommand({
    name: "contact.answered",
    usage: "answered --id ID   (marks the message answered; its status page says so, no e-mail)",
    args: z.strictObject({ id }),
    async run(svc, args): Promise<ContactStatus> {
      const change = await markAnswered(svc.db, args.id);
      if (!change.ok) throw new CommandRefused(refusals[change.code]);
      return change.status;
    },
    print: (status) =>
      `Marked answered: "${status.subject}" from ${status.name} <${status.email}> (id ${status.id}).`,
  }),
];
