// The studio's contact messages tool (the site has no administrators: docs/requirements.md#overview).
//
//   npm run contact -- list [--status received|answered] [--json]
//   npm run contact -- answered --id <message id>
//
// Marking a message answered shows it on the sender's status page and e-mails nothing (the
// studio's answer was the e-mail). Works while the site runs on the embedded database (its
// control socket under DATA_DIR); the commands: app/features/contact/tools.server.ts.
import { runCommandLine } from "~/platform/control/command-line.server";
import { controlCommands } from "../server/commands";

process.exitCode = await runCommandLine({
  tool: "contact",
  commands: controlCommands,
  argv: process.argv.slice(2),
});
