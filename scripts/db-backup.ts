// A backup of the site's data into BACKUP_DIR (app/platform/backup/backup.server.ts): the
// database (pg_dump with DATABASE_URL, else the embedded database's own dump), the file store's
// files (or, with FILE_STORE_URL, its keys), then the backups past BACKUP_KEEP_DAYS deleted.
//
//   npm run db:backup   (scripts/studio-tool.ts runs it as the verb `create`)
//
// On the embedded database while the site runs, the site takes it, through its control socket
// (DATA_DIR/control.sock: run this as the site's user); otherwise this process opens the
// database itself. The daily timer: deploy/systemd/studio-backup.timer.
import { runCommandLine } from "~/platform/control/command-line.server";
import { controlCommands } from "../server/commands";

process.exitCode = await runCommandLine({
  tool: "backup",
  commands: controlCommands,
  argv: process.argv.slice(2),
});
