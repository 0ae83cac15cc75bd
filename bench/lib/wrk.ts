// wrk (Debian's package) as the load generator: a C program with one event loop per thread,
// far faster than the servers measured here, unlike a load generator written in JavaScript.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type WrkOptions = {
  threads: number;
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  /** Count answers other than 2xx (a Lua response hook: costs wrk some CPU, fine for slow pages). */
  countStatus?: boolean;
};

export type WrkResult = {
  rps: number;
  requests: number;
  /** Connect, read, write errors and timeouts (wrk's "socket errors"). */
  socketErrors: number;
  /** Answers that were not 2xx; null when not counted (wrk then only counts status ≥ 400). */
  non2xx: number | null;
  status4xx5xx: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** wrk's own CPU time (user + system) over the run's wall time: 1 = one core busy. */
  wrkCpu: number;
};

/** wrk's `done` hook prints one JSON line; with countStatus each thread also counts non-2xx. */
function luaScript(countStatus: boolean): string {
  const counting = countStatus
    ? `local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function(args) non2xx = 0 end
response = function(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
local function counted()
  local n = 0
  for _, t in ipairs(threads) do n = n + t:get("non2xx") end
  return string.format("%d", n)
end
`
    : `local function counted() return "null" end
`;
  return `${counting}done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"non2xx":%s,"p50Us":%.0f,"p99Us":%.0f,"maxUs":%.0f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status, counted(),
    latency:percentile(50), latency:percentile(99), latency.max))
end
`;
}

let scriptDir: string | undefined;
function scriptFile(countStatus: boolean): string {
  scriptDir ??= fs.mkdtempSync(path.join(os.tmpdir(), "studio-bench-wrk-"));
  const script = luaScript(countStatus);
  const name = crypto.createHash("sha256").update(script).digest("hex").slice(0, 12);
  const file = path.join(scriptDir, `${name}.lua`);
  if (!fs.existsSync(file)) fs.writeFileSync(file, script);
  return file;
}

export function removeWrkScripts() {
  if (scriptDir) fs.rmSync(scriptDir, { recursive: true, force: true });
}

/** Parses the children's line of bash's `times`: "0m1.250s 0m0.340s" (user, system). */
export function childCpuSeconds(timesOutput: string): number {
  const lines = timesOutput.trim().split("\n");
  const match = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s/.exec(lines.at(-1) ?? "");
  if (!match) throw new Error(`unexpected output of bash's times: ${timesOutput}`);
  const [, um, us, sm, ss] = match.map(Number) as [number, number, number, number, number];
  return um * 60 + us + sm * 60 + ss;
}

export async function wrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const args = [
    "-t",
    String(options.threads),
    "-c",
    String(Math.max(options.connections, options.threads)),
    "-d",
    `${options.durationS}s`,
    // Slow answers are measured rather than dropped as errors (wrk's default gives up at 2 s).
    "--timeout",
    "10s",
    "-s",
    scriptFile(options.countStatus ?? false),
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    url,
  ];
  // bash's `times` gives wrk's CPU time once it has exited; Node has no rusage for a child.
  const child = spawn(
    "bash",
    ["-c", 'wrk "$@"; code=$?; echo BENCH_TIMES; times; exit $code', "bash", ...args],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  child.stderr.on("data", (d) => {
    err += d;
  });
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  const json = /BENCH_RESULT (\{.*\})/.exec(out)?.[1];
  if (code !== 0 || !json) throw new Error(`wrk ${args.join(" ")} failed (${code}):\n${out}${err}`);
  const r = JSON.parse(json) as Record<string, number | null>;
  const seconds = r.durationUs! / 1e6;
  return {
    rps: r.requests! / seconds,
    requests: r.requests!,
    socketErrors: r.connect! + r.read! + r.write! + r.timeout!,
    non2xx: r.non2xx ?? null,
    status4xx5xx: r.status!,
    p50Ms: r.p50Us! / 1000,
    p99Ms: r.p99Us! / 1000,
    maxMs: r.maxUs! / 1000,
    wrkCpu: childCpuSeconds(out.split("BENCH_TIMES")[1] ?? "") / seconds,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The command's path (`command -v`), or an error saying how to install it. */
export function requireTool(command: string, install: string): string {
  const found = spawnSync("bash", ["-c", `command -v ${command}`], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error(`${command} is not installed: ${install}`);
  return found;
}
