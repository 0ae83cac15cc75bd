// The studio's applications tool (the site has no administrators: docs/requirements.md#overview).
//
//   npm run applications -- list [--stage apply|introCall|initialInterview|skills|onSite|offer|notSelected|withdrawn] [--job OFFER_ID] [--json]
//   npm run applications -- show --id <application id> [--json]
//   npm run applications -- advance --id <application id> [--to STEP]
//   npm run applications -- reject --id <application id>
//
// Each move e-mails the applicant through the outbox (the running site's mail worker sends it),
// with a fresh link to their status page. Withdrawn and decided applications cannot be moved.
// Works while the site runs on the embedded database (its control socket under DATA_DIR); the
// commands: app/features/careers/tools.server.ts.
import { runCommandLine } from "~/platform/control/command-line.server";
import { controlCommands } from "../server/commands";

process.exitCode = await runCommandLine({
  tool: "applications",
  commands: controlCommands,
  argv: process.argv.slice(2),
});
