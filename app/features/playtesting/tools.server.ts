import { z } from "zod";
import { CommandRefused, defineCommand, isoDay, textTable } from "~/platform/control/command";
import { isPlaytestStage, playtestStages } from "./playtest-stages";
import {
  confirmSeat,
  inviteToCall,
  inviteToSession,
  markAttended,
  type PlaytestChange,
  type PlaytestRefusal,
  rejectSignup,
  waitlistForSession,
} from "./playtest-status.server";
import { sendSessionReminders } from "./reminder.server";
import { listSignups, type SignupListing } from "./selection.server";

/**
 * The playtester selection tool's commands (`npm run playtest:select -- list|call|invite|
 * waitlist|confirm|attended|reject|remind`): run by the site through its control channel, or by the tool itself
 * when no site holds the database (scripts/playtest-select.ts). Every move e-mails the tester in
 * their language with a fresh status link (playtest-status.server.ts).
 */

const wholeNumber = z
  .string({ error: "a whole number" })
  .regex(/^\d{1,3}$/, "a whole number")
  .transform(Number);

const signupId = z.uuid({ error: "a sign-up's id, as list shows it" });
const sessionSlug = z.string({ error: "a session's slug (content/playtests/<site>.yaml)" });

export const playtestList = defineCommand({
  name: "playtest.list",
  usage:
    "list [--site quebec] [--stage STAGE] [--session SLUG] [--answered] [--not-invited] [--min-age N] [--max-age N] [--json]",
  args: z.strictObject({
    site: z.string({ error: "a site's slug (--site quebec)" }).optional(),
    stage: z
      .string()
      .refine(isPlaytestStage, `one of ${playtestStages.join(", ")}`)
      .optional(),
    session: sessionSlug.optional(),
    answered: z.boolean({ error: "takes no value" }).optional(),
    "not-invited": z.boolean({ error: "takes no value" }).optional(),
    "min-age": wholeNumber.optional(),
    "max-age": wholeNumber.optional(),
  }),
  run: (svc, args): Promise<SignupListing[]> =>
    listSignups(svc.db, {
      site: args.site,
      stage: args.stage && isPlaytestStage(args.stage) ? args.stage : undefined,
      session: args.session,
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
          `  ${r.stage}${r.session ? ` ${r.session}` : ""}${r.sessionAt ? ` ${r.sessionAt}` : ""}` +
          `${r.invitedAt ? `  invited ${r.invitedAt}` : ""}`,
      );
      if (r.answers) lines.push(`    ${JSON.stringify(r.answers)}`);
    }
    lines.push(`${rows.length} sign-up(s)`);
    return lines.join("\n");
  },
});

/** A refusal as the studio reads it. */
const refusalText = (code: PlaytestRefusal, id: string): string =>
  ({
    notFound: `No sign-up ${id}`,
    closed: `Sign-up ${id} is closed (declined, not selected or attended, or deleted): it cannot be moved`,
    notAllowed: `Sign-up ${id} cannot make that move from where it stands (see list)`,
    unknownSession: "No such session at the sign-up's site (content/playtests/<site>.yaml)",
    badTime: "--at must be YYYY-MM-DDTHH:MM, a real day and time (local time at the site's office)",
    noSession: "The sign-up's site has no open session: give --session SLUG",
  })[code];

type Moved = Extract<PlaytestChange, { ok: true }> & { when?: string };

async function moved(id: string, change: Promise<PlaytestChange & { when?: string }>): Promise<Moved> {
  const result = await change;
  if (!result.ok) throw new CommandRefused(refusalText(result.code, id));
  return result;
}

/** What the tools print after a move: one table row, the sign-up where it now stands. */
const printMove = (r: Moved) =>
  textTable([
    ["ID", "NAME", "E-MAIL", "STAGE", "SESSION", "AT", "SINCE"],
    [
      r.status.id,
      r.status.name,
      r.status.email,
      r.status.stage,
      r.status.session ?? "",
      r.status.sessionAt ?? "",
      isoDay(r.status.stageChangedAt),
    ],
  ]);

export const playtestCall = defineCommand({
  name: "playtest.call",
  usage: "call --id ID   (invite to the online call; e-mails the tester)",
  args: z.strictObject({ id: signupId }),
  run: (svc, args) => moved(args.id, inviteToCall(svc, args.id)),
  print: (r) => `Invited to the online call; e-mail queued for ${r.status.email}\n${printMove(r)}`,
});

export const playtestInvite = defineCommand({
  name: "playtest.invite",
  usage:
    "invite --id ID --at YYYY-MM-DDTHH:MM [--session SLUG] [--note TEXT]   (--at: local time at the site's office; the site's first open session when --session is not given; waitlisted when its seats are taken)",
  args: z.strictObject({
    id: signupId,
    at: z.string({ error: "YYYY-MM-DDTHH:MM, the local time at the site's office" }),
    session: sessionSlug.optional(),
    note: z.string({ error: 'a text (--note "Bring your glasses")' }).optional(),
  }),
  run: (svc, args) => moved(args.id, inviteToSession(svc, args)),
  print: (r) =>
    `${
      r.status.stage === "waitlisted"
        ? `The session's seats are all taken: put on its waitlist instead; e-mail queued for ${r.status.email}`
        : `Invitation queued for ${r.status.email}: ${r.when}`
    }\n${printMove(r)}`,
});

export const playtestWaitlist = defineCommand({
  name: "playtest.waitlist",
  usage: "waitlist --id ID --session SLUG   (put on the session's waitlist; e-mails the tester)",
  args: z.strictObject({ id: signupId, session: sessionSlug }),
  run: (svc, args) => moved(args.id, waitlistForSession(svc, args)),
  print: (r) => `Put on the waitlist; e-mail queued for ${r.status.email}\n${printMove(r)}`,
});

export const playtestConfirm = defineCommand({
  name: "playtest.confirm",
  usage:
    "confirm --id ID   (the tester said yes by phone or e-mail: takes a seat as their status page's button does; waitlisted when the seats are all taken)",
  args: z.strictObject({ id: signupId }),
  run: (svc, args) => moved(args.id, confirmSeat(svc, args.id)),
  print: (r) =>
    `${
      r.status.stage === "waitlisted"
        ? "The session's seats are all taken: put on its waitlist instead"
        : "Seat confirmed"
    }; e-mail queued for ${r.status.email}\n${printMove(r)}`,
});

export const playtestAttended = defineCommand({
  name: "playtest.attended",
  usage: "attended --id ID   (the tester came; e-mails a thank-you)",
  args: z.strictObject({ id: signupId }),
  run: (svc, args) => moved(args.id, markAttended(svc, args.id)),
  print: (r) => `Marked as attended; e-mail queued for ${r.status.email}\n${printMove(r)}`,
});

export const playtestReject = defineCommand({
  name: "playtest.reject",
  usage: "reject --id ID   (not this time: a short, kind e-mail; a seat it held goes to the waitlist)",
  args: z.strictObject({ id: signupId }),
  run: (svc, args) => moved(args.id, rejectSignup(svc, args.id)),
  print: (r) => `Not selected this time; e-mail queued for ${r.status.email}\n${printMove(r)}`,
});

export const playtestRemind = defineCommand({
  name: "playtest.remind",
  usage:
    "remind   (send now the reminders due: seated testers whose session starts within 24 hours; the site also does it every 10 minutes)",
  args: z.strictObject({}),
  run: async (svc) => ({ sent: await sendSessionReminders(svc) }),
  print: (r) => `${r.sent} reminder(s) queued`,
});

export const playtestCommands = [
  playtestList,
  playtestCall,
  playtestInvite,
  playtestWaitlist,
  playtestConfirm,
  playtestAttended,
  playtestReject,
  playtestRemind,
];
