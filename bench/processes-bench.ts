// The production topology's throughput (issue "production at scale"): the site as 1 and as 2
// processes on PostgreSQL and Redis behind Debian's nginx with the shipped configuration
// (deploy/nginx/studio.conf), measured side by side in one run with wrk. Both clusters run
// the whole time (an idle process costs nothing) and the targets take turns, round by round,
// so a burst of other work on the machine lands on both alike.
// Run through bench/run.ts (`--only processes`); see bench/README.md.
import path from "node:path";
import { type Cluster, startCluster } from "../tests/integration/support/cluster";
import { type Nginx, startNginx } from "../tests/integration/support/nginx";
import { type Figure, ratio, rps } from "./lib/report";
import { median, type WrkResult, wrk } from "./lib/wrk";

export type ProcessesOptions = { buildDir: string; rounds: number; durationS: number; connections: number };

const say = (line: string) => console.log(`  ${line}`);

/**
 * A second-factor step no sign-in started: a personal cookie, so the page cache is bypassed (a
 * session no longer is one: public pages are the same for a signed-in visitor, decision 0060).
 */
const personal = { cookie: `studio_mfa=bench-${Math.random().toString(36).slice(2)}` };

/** The site's settings for a load generator: page cache kept for the run, API limit lifted. */
const benchEnv = { PAGE_CACHE_TTL_SECONDS: "3600", RATE_LIMIT_API_POINTS: "1000000000" };

type Front = { count: number; cluster: Cluster; nginx: Nginx };

async function startFront(count: number, buildDir: string): Promise<Front> {
  const cluster = await startCluster({ name: `bench${count}`, buildDir, env: benchEnv, count });
  try {
    const nginx = await startNginx({
      upstreamPorts: cluster.ports,
      clientDir: path.join(buildDir, "client"),
      // No access log: the bench measures the app, and both fronts would pay it alike anyway.
      site: (conf) => conf.replace(/^(\s*server_name[^;]*;)/m, "$1\n    access_log off;"),
    });
    return { count, cluster, nginx };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

async function ok(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return res;
}

const failures = (runs: readonly WrkResult[]) =>
  runs.reduce((n, r) => n + r.socketErrors + (r.non2xx ?? r.status4xx5xx), 0);

/**
 * Requests per second with 1 and 2 processes for the cached careers page, the careers page for
 * a signed-in visitor (rendered), a job page (rendered) and the job-offers API (cached); then
 * the rendered careers page at 64 connections on 2 processes: errors and p99.
 */
export async function processesFigures(options: ProcessesOptions): Promise<Figure[]> {
  const fronts: Front[] = [];
  try {
    say("starting 1 and 2 processes on PostgreSQL and Redis, each behind nginx …");
    fronts.push(await startFront(1, options.buildDir), await startFront(2, options.buildDir));
    const first = fronts[0]!.nginx.url;
    const jobId = /href="\/careers\/(\d+)"/.exec(await (await ok(`${first}/careers`, personal)).text())?.[1];
    if (!jobId) throw new Error("the careers page lists no job");
    const targets = [
      { name: "careers, cached", path: "/careers", headers: {}, cached: true },
      { name: "careers, signed-in (rendered)", path: "/careers", headers: personal, cached: false },
      {
        name: `job /careers/${jobId} (rendered)`,
        path: `/careers/${jobId}`,
        headers: personal,
        cached: false,
      },
      {
        name: "job-offers API, cached",
        path: "/api/offices/job-offers?location=quebec&team=all",
        headers: {},
        cached: true,
      },
    ];
    // Warm every process behind each nginx: caches filled, code compiled.
    for (const front of fronts)
      for (const t of targets)
        for (let i = 0; i < 4 * front.count; i++) await ok(`${front.nginx.url}${t.path}`, t.headers);
    for (const front of fronts)
      for (const t of targets) {
        const res = await ok(`${front.nginx.url}${t.path}`, t.headers);
        const hit = res.headers.get("x-page-cache") === "hit";
        if (hit !== t.cached)
          throw new Error(
            `${t.name} on ${front.count} process(es): x-page-cache ${res.headers.get("x-page-cache")}`,
          );
      }

    const runs = new Map<string, WrkResult[]>();
    const key = (t: (typeof targets)[number], front: Front) => `${t.name} × ${front.count}`;
    const run = async (t: (typeof targets)[number], front: Front, durationS: number) =>
      wrk(`${front.nginx.url}${t.path}`, {
        threads: 1,
        connections: options.connections,
        durationS,
        headers: t.headers,
        countStatus: !t.cached,
      });
    for (const t of targets) for (const front of fronts) await run(t, front, 2);
    for (let round = 1; round <= options.rounds; round++)
      for (const t of targets)
        for (const front of fronts) {
          const result = await run(t, front, options.durationS);
          say(
            `round ${round} ${key(t, front)}: ${rps(result.rps)}, wrk CPU ${(result.wrkCpu * 100).toFixed(0)} %`,
          );
          runs.set(key(t, front), [...(runs.get(key(t, front)) ?? []), result]);
        }

    const figures: Figure[] = targets.map((t) => {
      const one = runs.get(key(t, fronts[0]!))!;
      const two = runs.get(key(t, fronts[1]!))!;
      const oneRps = median(one.map((r) => r.rps));
      const twoRps = median(two.map((r) => r.rps));
      const errors = failures(one) + failures(two);
      // wrk's one thread using a whole core measures wrk, not the processes: no ratio then.
      const wrkCpu = Math.max(median(one.map((r) => r.wrkCpu)), median(two.map((r) => r.wrkCpu)));
      const generatorBound = wrkCpu >= 0.9;
      return {
        figure: "P",
        label: `${t.name}: 2 processes vs 1, behind nginx`,
        value: `${rps(twoRps)}${errors ? ` (${errors} errors!)` : ""}`,
        reference: `1 process ${rps(oneRps)}`,
        ratio: generatorBound
          ? `no ratio: wrk used ${(wrkCpu * 100).toFixed(0)} % of a core`
          : ratio(twoRps, oneRps),
        target: t.cached ? "—" : "≥ 1.3×",
        met: t.cached || generatorBound ? null : twoRps / oneRps >= 1.3 && errors === 0,
      };
    });

    const busy: WrkResult[] = [];
    for (let round = 1; round <= options.rounds; round++) {
      const result = await wrk(`${fronts[1]!.nginx.url}/careers`, {
        threads: 1,
        connections: 64,
        durationS: Math.max(10, options.durationS),
        headers: personal,
        countStatus: true,
      });
      say(
        `round ${round} careers rendered × 64 connections, 2 processes: ${rps(result.rps)}, p99 ${result.p99Ms.toFixed(0)} ms`,
      );
      busy.push(result);
    }
    const p99 = median(busy.map((r) => r.p99Ms));
    figures.push({
      figure: "P",
      label: "careers rendered, 64 connections through nginx, 2 processes: errors, p99",
      value: `${failures(busy)} errors, p99 ${(p99 / 1000).toFixed(2)} s (${rps(median(busy.map((r) => r.rps)))})`,
      reference: "—",
      ratio: "—",
      target: "0 errors",
      met: busy.every((r) => r.requests > 0) && failures(busy) === 0,
    });
    return figures;
  } finally {
    for (const front of fronts.reverse()) {
      await front.nginx.stop();
      await front.cluster.stop();
    }
  }
}
