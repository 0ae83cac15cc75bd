import { applicationCommands } from "~/features/careers/index.server";
import { contactCommands } from "~/features/contact/index.server";
import { playtestCommands } from "~/features/playtesting/index.server";
import { issueCommands } from "~/features/support-report/index.server";
import { backupCommands } from "~/platform/backup/backup.server";
import type { ControlCommand } from "~/platform/control/command";

/**
 * Every studio tool's commands (app/platform/control): what the running site answers on its
 * control channel, and what each tool's script looks its verbs up in. A feature's commands are
 * written in the feature; this list is where they meet.
 */
export const controlCommands: ControlCommand<unknown, unknown>[] = [
  ...applicationCommands,
  ...playtestCommands,
  ...contactCommands,
  ...issueCommands,
  ...backupCommands,
];
