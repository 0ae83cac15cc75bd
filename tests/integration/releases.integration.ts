import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Cluster, startCluster } from "./support/cluster";
import { countedPageviews, startLoad } from "./support/load";
import { type Nginx, startNginx } from "./support/nginx";
import { createPostgresDatabase } from "./support/postgres";
import { failures, send } from "./support/requests";

/**
 * deploy/release.sh as shipped, on a release root of the test's own, in front of two app
 * processes of the run's build behind the shipped nginx file. Only the git, npm and build steps
 * are left out (`release --prepared <dir>`): each release folder is the run's build, hard-linked,
 * with what else a release holds (migrations, deploy/, server.js); migrating, switching
 * `current`, restarting one instance at a time, pruning and rolling back are the script's.
 * Its restart command asks this test to restart its process i from `current`, as
 * `systemctl restart studio@i` does with the unit's WorkingDirectory.
 */
const CONNECTIONS = 64;
const script = path.resolve("deploy/release.sh");

type Run = { code: number | null; output: string };

/** deploy/release.sh with `args` and `env`, its exit code and its output (stdout and stderr). */
function runScript(env: NodeJS.ProcessEnv, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn("bash", [script, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.once("close", (code) => resolve({ code, output }));
  });
}

describe("releases and rollback (deploy/release.sh)", () => {
  let cluster: Cluster;
  let nginx: Nginx;
  let work: string;
  let root: string;
  let restartServer: http.Server;
  let env: NodeJS.ProcessEnv;
  let settings: string;
  let dropSettingsDatabase: (() => Promise<void>) | undefined;
  /** Every restart the script asked for: the instance and the release it started on. */
  const restarts: { instance: number; release: string }[] = [];
  let restarting = 0;
  let mostAtOnce = 0;
  /** Each prepared release's own stand-in for a hashed asset only it has. */
  const marker: Record<string, string> = {};

  /** A release folder as `npm ci && npm run build` would leave it, from the run's build. */
  function prepare(label: string, extraMigration?: string) {
    const dir = path.join(work, label);
    fs.mkdirSync(dir);
    fs.cpSync(inject("buildDir"), path.join(dir, "build"), { recursive: true });
    fs.cpSync(path.resolve("app/platform/db/migrations"), path.join(dir, "app/platform/db/migrations"), {
      recursive: true,
    });
    fs.cpSync(path.resolve("deploy"), path.join(dir, "deploy"), { recursive: true });
    for (const file of ["server.js", "package.json"])
      fs.copyFileSync(path.resolve(file), path.join(dir, file));
    fs.symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    marker[label] = `release-${label}-${crypto.randomBytes(4).toString("hex")}.js`;
    fs.writeFileSync(path.join(dir, "build/client/assets", marker[label]), `/* ${label} */\n`);
    if (extraMigration) {
      const migrations = path.join(dir, "app/platform/db/migrations");
      const journalPath = path.join(migrations, "meta/_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalPath, "utf8"));
      const last = journal.entries.at(-1);
      const tag = `${String(last.idx + 1).padStart(4, "0")}_broken`;
      journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag });
      fs.writeFileSync(journalPath, JSON.stringify(journal, null, 2));
      fs.writeFileSync(path.join(migrations, `${tag}.sql`), extraMigration);
    }
    return dir;
  }

  /** deploy/release.sh with `args`, in the background (the test serves its restarts meanwhile). */
  const release = (...args: string[]) => runScript(env, ...args);

  const current = () => path.basename(fs.readlinkSync(path.join(root, "current")));
  const releases = () => fs.readdirSync(path.join(root, "releases")).sort();
  const labelOf = (release: string) => release.split("-").at(-1);

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-releases-"));
    root = path.join(work, "srv");
    fs.mkdirSync(root);
    const database = await createPostgresDatabase("studio_releases_settings");
    dropSettingsDatabase = database.drop;
    // The settings file, as /etc/studio/studio.env (mode 640), naming the cluster's database
    // once it exists; the first release migrates a database of its own.
    settings = path.join(work, "studio.env");
    const writeSettings = (url: string) =>
      fs.writeFileSync(settings, `DATABASE_URL=${url}\nLOG_LEVEL=warn\n`, { mode: 0o640 });
    writeSettings(database.url);
    // No instance yet: set and empty, so the script does not ask systemd.
    env = {
      PATH: process.env.PATH,
      NODE: process.execPath,
      STUDIO_ROOT: root,
      STUDIO_ENV: settings,
      STUDIO_INSTANCES: "",
    };

    // The first release, before any instance runs (README, step 5): `current` is made, nothing
    // is restarted; the processes then start from it, as the units do.
    const first = await release("release", "--prepared", prepare("a"));
    if (first.code !== 0) throw new Error(`first release failed:\n${first.output}`);
    cluster = await startCluster({
      name: "releases",
      buildDir: path.join(root, "current/build"),
      env: { RATE_LIMIT_API_POINTS: "1000000" },
    });
    writeSettings(cluster.database.url);
    nginx = await startNginx({ upstreamPorts: cluster.ports, clientDir: root });

    // What `systemctl restart studio@i` does: stop (the drain), start from `current`, which the
    // new process resolves once, at its start.
    restartServer = http.createServer(async (req, res) => {
      const instance = Number(req.url?.slice(1));
      restarting++;
      mostAtOnce = Math.max(mostAtOnce, restarting);
      try {
        await cluster.sites[instance]?.stop();
        const release = current();
        await cluster.restart(instance, { BUILD_DIR: path.join(root, "current/build") });
        restarts.push({ instance, release });
        res.end("restarted");
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      } finally {
        restarting--;
      }
    });
    await new Promise<void>((resolve) => restartServer.listen(0, "127.0.0.1", resolve));
    const { port } = restartServer.address() as { port: number };
    const restartCommand = path.join(work, "restart.mjs");
    fs.writeFileSync(
      restartCommand,
      `const res = await fetch("http://127.0.0.1:${port}/" + process.argv[2], { method: "POST" });\n` +
        "console.log(await res.text());\nprocess.exit(res.ok ? 0 : 1);\n",
    );
    env.STUDIO_INSTANCES = cluster.ports.map((port, i) => `${i}:${port}`).join(" ");
    env.STUDIO_RESTART = `${process.execPath} ${restartCommand}`;
  });

  afterAll(async () => {
    await nginx?.stop();
    await cluster?.stop();
    await dropSettingsDatabase?.();
    restartServer?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  it(`releases b and rolls back to a under ${CONNECTIONS} connections through nginx: no failed request, each POST counted once`, async () => {
    expect(labelOf(current())).toBe("a");
    restarts.length = 0;
    const route = `releases-${Date.now()}`;
    const load = startLoad({ url: nginx.url, connections: CONNECTIONS, route });
    // The previous release's own asset, asked all along: a page from a process not restarted
    // yet names it.
    const assetStatuses: number[] = [];
    let asking = true;
    const asker = (async () => {
      while (asking) {
        assetStatuses.push((await send(`${nginx.url}/assets/${marker.a}`)).status);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const warm = Date.now() + 60_000;
    while (load.outcomes.length < 2 * CONNECTIONS && Date.now() < warm)
      await new Promise((r) => setTimeout(r, 100));

    const forward = await release("release", "--prepared", prepare("b"));
    const afterRelease = current();
    const newAssetStatus = (await send(`${nginx.url}/assets/${marker.b}`)).status;
    const restartsOfRelease = restarts.splice(0);
    const back = await release("rollback");
    const afterRollback = current();
    const restartsOfRollback = restarts.splice(0);
    const outcomes = await load.stop();
    asking = false;
    await asker;

    const counted = await countedPageviews(cluster.database.url, route);
    const posts = outcomes.filter((o) => o.what === "POST pageview");
    const figures = {
      requests: outcomes.length,
      failed: failures(outcomes).length,
      posts: posts.length,
      countedPosts: counted,
      previousAssetAsked: assetStatuses.length,
      restartsAtOnce: mostAtOnce,
    };
    const measured = JSON.stringify(figures);
    process.stderr.write(`releases: ${measured}\n`);

    expect(forward.code, forward.output).toBe(0);
    expect(labelOf(afterRelease)).toBe("b");
    expect(restartsOfRelease.map((r) => [r.instance, labelOf(r.release)])).toEqual([
      [0, "b"],
      [1, "b"],
    ]);
    expect(back.code, back.output).toBe(0);
    expect(labelOf(afterRollback)).toBe("a");
    expect(restartsOfRollback.map((r) => [r.instance, labelOf(r.release)])).toEqual([
      [0, "a"],
      [1, "a"],
    ]);
    expect(mostAtOnce, "instances restarted one at a time").toBe(1);
    expect(failures(outcomes), measured).toEqual([]);
    expect(
      posts.map((o) => o.status).filter((status) => status !== 204),
      measured,
    ).toEqual([]);
    expect(figures.countedPosts, measured).toBe(posts.length);
    expect(posts.length, measured).toBeGreaterThan(0);
    expect(newAssetStatus).toBe(200);
    expect(assetStatuses.length, measured).toBeGreaterThan(10);
    expect(assetStatuses.filter((status) => status !== 200)).toEqual([]);
  });

  it("leaves current, the releases and the schema as they were when a migration fails", async () => {
    const before = { current: current(), releases: releases() };
    const migrated = async () => {
      const client = new pg.Client({ connectionString: cluster.database.url });
      await client.connect();
      return client
        .query<{ n: string }>("select count(*) as n from drizzle.__drizzle_migrations")
        .then((r) => Number(r.rows[0]?.n))
        .finally(() => client.end());
    };
    const migrationsBefore = await migrated();
    restarts.length = 0;
    // A broken migration after a good one, in the same run: both roll back.
    const failed = await release(
      "release",
      "--prepared",
      prepare(
        "broken",
        "CREATE TABLE release_probe (id integer);\n--> statement-breakpoint\nALTER TABLE no_such_table ADD COLUMN x integer;\n",
      ),
    );
    expect(failed.code, failed.output).not.toBe(0);
    expect(failed.output).toMatch(/migration failed/);
    expect({ current: current(), releases: releases() }).toEqual(before);
    expect(restarts).toEqual([]);
    expect(await migrated()).toBe(migrationsBefore);
  });

  it("keeps the last three releases after a fourth, and the assets of those only", async () => {
    // a is current (rolled back to), b previous; c and d make four.
    // No load here: no pause for nginx between the restarts.
    env.STUDIO_SETTLE_SECONDS = "0";
    for (const label of ["c", "d"]) {
      const run = await release("release", "--prepared", prepare(label));
      expect(run.code, run.output).toBe(0);
    }
    expect(releases().map(labelOf)).toEqual(["b", "c", "d"]);
    expect(labelOf(current())).toBe("d");
    expect(labelOf(path.basename(fs.readlinkSync(path.join(root, "previous"))))).toBe("c");
    expect((await send(`${nginx.url}/assets/${marker.a}`)).status).toBe(404);
    expect((await send(`${nginx.url}/assets/${marker.b}`)).status).toBe(200);
    const listed = await release("list");
    expect(
      listed.output
        .trim()
        .split("\n")
        .map((line) => line.replace(/^\S+-(\w+)/, "$1")),
    ).toEqual(["b", "c (previous)", "d (current)"]);
  });
});

describe("release.sh's lock", () => {
  /**
   * Without systemd, STUDIO_RESTART may start the process itself, which then outlives the
   * script: it must not hold the script's lock, or every later release and rollback is refused
   * for as long as the site runs (found trying the guide by hand with such a command).
   */
  it("is not held by a process the restart command leaves running", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "studio-release-lock-"));
    const ready = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => ready.listen(0, "127.0.0.1", resolve));
    const port = (ready.address() as { port: number }).port;
    const sleeper = path.join(root, "sleeper.pid");
    try {
      for (const name of ["a", "b"]) {
        fs.mkdirSync(path.join(root, "releases", name, "deploy/systemd"), { recursive: true });
        fs.copyFileSync(
          path.resolve("deploy/systemd/wait-ready.mjs"),
          path.join(root, "releases", name, "deploy/systemd/wait-ready.mjs"),
        );
      }
      fs.symlinkSync("releases/a", path.join(root, "previous"));
      fs.symlinkSync("releases/b", path.join(root, "current"));
      // A "restart" that leaves a process of its own running, as starting the site would.
      const start = path.join(root, "start.sh");
      fs.writeFileSync(start, `#!/bin/sh\nsleep 60 </dev/null >/dev/null 2>&1 &\necho $! >> ${sleeper}\n`);
      fs.chmodSync(start, 0o755);
      const env = {
        ...process.env,
        STUDIO_ROOT: root,
        STUDIO_INSTANCES: `1:${port}`,
        STUDIO_RESTART: start,
        STUDIO_SETTLE_SECONDS: "0",
      };
      const rollback = () => runScript(env, "rollback");
      const first = await rollback();
      expect(first.code, first.output).toBe(0);
      expect(fs.readlinkSync(path.join(root, "current"))).toBe("releases/a");
      // The first one's process still runs; the second rollback is not refused.
      const second = await rollback();
      expect(second.code, second.output).toBe(0);
      expect(fs.readlinkSync(path.join(root, "current"))).toBe("releases/b");
    } finally {
      for (const pid of fs.existsSync(sleeper) ? fs.readFileSync(sleeper, "utf8").split("\n") : []) {
        if (pid) process.kill(Number(pid), "SIGKILL");
      }
      ready.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
