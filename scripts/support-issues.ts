// The studio's issue reports tool (the site has no administrators: docs/requirements.md#overview).
//
//   npm run support:issues -- list [--status received|confirmed|needsInfo|fixed|wontFix] [--game GAME] [--json]
//   npm run support:issues -- status --id <report id> --to confirmed|needsInfo|wontFix [--note TEXT]
//   npm run support:issues -- link-patch --id <report id> --patch <game>/<version>
//
// Each change e-mails the reporter through the outbox with a fresh link to their status page;
// fixed and won't-fix reports cannot be moved again. Works while the site runs on the embedded
// database (its control socket under DATA_DIR); the commands:
// app/features/support-report/tools.server.ts.
import { runCommandLine } from "~/platform/control/command-line.server";
import { controlCommands } from "../server/commands";

process.exitCode = await runCommandLine({
  tool: "support:issues",
  commands: controlCommands,
  argv: process.argv.slice(2),
});
