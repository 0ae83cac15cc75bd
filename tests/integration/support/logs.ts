/** The JSON log lines of a process whose `msg` starts with `msg`. */
export function logLines(logs: string, msg: string): Record<string, unknown>[] {
  return logs
    .split("\n")
    .filter((line) => line.startsWith("{") && line.includes(msg))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => String(line.msg).startsWith(msg));
}
