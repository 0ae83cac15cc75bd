import { z } from "zod";
import { CommandRefused, defineCommand } from "~/platform/control/command";
import { InviteError, inviteApplicant, listSignups, type SignupListing } from "./selection.server";

/**
 * The playtester selection tool's commands (`npm run playtest:select -- list|invite`): run by
 * the site through its control channel, or by the tool itself when no site holds the database
 * (scripts/playtest-select.ts).
 */

const wholeNumber = z
  .string({ error: "a whole number" })
  .regex(/^\d{1,3}$/, "a whole number")
  .transform(Number);

export const playtestList = defineCommand({
  name: "playtest.list",
  usage: "list [--site quebec] [--answered] [--not-invited] [--min-age N] [--max-age N] [--json]",
  args: z.strictObject({
    site: z.string({ error: "a site's slug (--site quebec)" }).optional(),
    answered: z.boolean({ error: "takes no value" }).optional(),
    "not-invited": z.boolean({ error: "takes no value" }).optional(),
    "min-age": wholeNumber.optional(),
    "max-age": wholeNumber.optional(),
  }),
  run: (svc, args): Promise<SignupListing[]> =>
    listSignups(svc.db, {
      site: args.site,
      answered: args.answered ? true : undefined,
      invited: args["not-invited"] ? false : undefined,
      minAge: args["min-age"],
      maxAge: args["max-age"],
    }),
  print: (rows) => {
    const lines: string[] = [];
    for (const r of rows) {
      lines.push(
        `${r.id}  ${r.site.padEnd(10)} ${String(r.age).padStart(3)}  ${r.name} <${r.email}> ${r.phone}` +
          `${r.invitedAt ? `  invited ${r.invitedAt}` : ""}`,
      );
      if (r.answers) lines.push(`    ${JSON.stringify(r.answers)}`);
    }
    lines.push(`${rows.length} sign-up(s)`);
    return lines.join("\n");
  },
});

export const playtestInvite = defineCommand({
  name: "playtest.invite",
  usage: "invite --id ID --at YYYY-MM-DDTHH:MM [--note TEXT]   (--at: local time at the site's office)",
  args: z.strictObject({
    id: z.uuid({ error: "a sign-up's id, as list shows it" }),
    at: z.string({ error: "YYYY-MM-DDTHH:MM, the local time at the site's office" }),
    note: z.string({ error: 'a text (--note "Bring your glasses")' }).optional(),
  }),
  run: async (svc, args) => {
    try {
      return await inviteApplicant({ db: svc.db, publicUrl: svc.config.publicUrl }, args);
    } catch (err) {
      if (err instanceof InviteError) throw new CommandRefused(err.message);
      throw err;
    }
  },
  print: (sent) => `Invitation queued for ${sent.to}: ${sent.when}`,
});

export const playtestCommands = [playtestList, playtestInvite];
