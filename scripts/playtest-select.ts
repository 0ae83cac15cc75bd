// The studio's playtester selection tool (the site has no administrators:
// docs/requirements.md#overview).
//
//   npm run playtest:select -- list [--site quebec] [--stage waitlisted] [--session SLUG] [--answered] [--not-invited] [--min-age 25] [--max-age 40] [--json]
//   npm run playtest:select -- call --id <sign-up id>
//   npm run playtest:select -- invite --id <sign-up id> --at 2027-01-23T09:30 [--session SLUG] [--note "Bring your glasses"]
//   npm run playtest:select -- waitlist --id <sign-up id> --session SLUG
//   npm run playtest:select -- confirm|attended|reject --id <sign-up id>
//   npm run playtest:select -- remind
//
// It runs through Vite (the e-mail catalogs are loaded with import.meta.glob, so plain tsx cannot).
// `--at` is the local time at the site's office. The invitation goes through the outbox: the
// running site's mail worker sends it. On the embedded database (no DATABASE_URL) a running site
// runs the command itself, through its control socket under DATA_DIR; otherwise the tool opens
// the database (app/platform/control/command-line.server.ts). The commands:
// app/features/playtesting/tools.server.ts.
import { runCommandLine } from "~/platform/control/command-line.server";
import { controlCommands } from "../server/commands";

process.exitCode = await runCommandLine({
  tool: "playtest",
  commands: controlCommands,
  argv: process.argv.slice(2),
});
