import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { freePort, type SiteProcess, spawnSite } from "../../e2e/support/site-process";
import { createPostgresDatabase } from "./postgres";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

export type Cluster = {
  database: { url: string; drop(): Promise<void> };
  ports: number[];
  /** Each process's DATA_DIR (the same folder for all unless `machines`). */
  dataDirs: string[];
  /** The running processes, by index; `restart(i)` replaces one. */
  sites: SiteProcess[];
  /**
   * Starts process `i` again on its port (after it was stopped), with `env` over the cluster's
   * (a new CONTENT_DIR, as a deploy of new content to that machine).
   */
  restart(i: number, env?: Record<string, string>): Promise<SiteProcess>;
  stop(): Promise<void>;
};

/**
 * The production topology's app side (deploy/): `count` processes of the built site on one fresh
 * PostgreSQL database, one Redis (keys under a prefix of their own) and one data folder, as the
 * systemd instances share DATA_DIR (with `machines`, a DATA_DIR each, as on several machines).
 * Started together, as after a reboot: one migrates and loads the content, the others wait.
 */
export async function startCluster(options: {
  name: string;
  buildDir: string;
  env?: Record<string, string>;
  count?: number;
  machines?: boolean;
}): Promise<Cluster> {
  const database = await createPostgresDatabase(`studio_${options.name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `studio-${options.name}-`));
  const redisPrefix = `it-${options.name}-${process.pid}-${Date.now()}`;
  const ports: number[] = [];
  while (ports.length < (options.count ?? 2)) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const dataDirs = ports.map((_, i) => {
    if (!options.machines) return dataDir;
    const own = path.join(dataDir, `machine-${i}`);
    fs.mkdirSync(own);
    return own;
  });
  const start = (i: number, env: Record<string, string> = {}) =>
    spawnSite({
      buildDir: options.buildDir,
      dataDir: dataDirs[i]!,
      port: ports[i],
      env: {
        DATABASE_URL: database.url,
        REDIS_URL,
        REDIS_KEY_PREFIX: redisPrefix,
        HTTP_TRUST_PROXY: "1",
        ...options.env,
        ...env,
      },
    });
  const sites = await Promise.all(ports.map((_, i) => start(i)));
  return {
    database,
    ports,
    dataDirs,
    sites,
    async restart(i, env) {
      sites[i] = await start(i, env);
      return sites[i];
    },
    async stop() {
      await Promise.all(sites.map((site) => site.stop()));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${redisPrefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
