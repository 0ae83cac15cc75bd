import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { stampContent } from "~/features/content/index.server";
import { contentCopies, testContent } from "../support/content-copies";
import { type Cluster, startCluster } from "./support/cluster";
import { logLines } from "./support/logs";
import { send } from "./support/requests";

/**
 * Content across machines (features/content/stamp.server.ts): two processes, each with a data
 * folder and a content folder of its own, on one PostgreSQL database. One is deployed with newer
 * content; the other is then restarted on its older checkout, as a machine left behind would be.
 */
const contentCopy = contentCopies();

describe("content only moves forward", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      name: "content",
      buildDir: inject("buildDir"),
      machines: true,
      // What the database holds, read at every request (no page kept from before a change).
      env: { PAGE_CACHE_TTL_SECONDS: "0", LOG_LEVEL: "info" },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  /** Titles of the open offers and of the home page's banners, as a process serves them. */
  async function served(url: string) {
    const offers = JSON.parse((await send(`${url}/api/offices/job-offers?lang=en&pageSize=100`)).body) as {
      items: { title: string }[];
    };
    const banners = JSON.parse((await send(`${url}/api/multibanners?lang=en`)).body) as {
      banners: { title: string }[];
    };
    return { offers: offers.items.map((o) => o.title), banners: banners.banners.map((b) => b.title) };
  }

  it("keeps a newer deploy's offers open and its banner up when a machine restarts on an older folder", async () => {
    // The newer folder: an offer added, a banner rewritten, stamped as the editor commits it.
    const newer = contentCopy();
    const offer = path.join(newer, "jobs", "quebec-qa-lead");
    fs.cpSync(path.join(newer, "jobs", "quebec-qa-intern"), offer, { recursive: true });
    for (const [file, title] of [
      ["en.md", "Quality Assurance Lead"],
      ["fr.md", "Chef d'équipe en assurance qualité"],
    ] as const) {
      const text = fs.readFileSync(path.join(offer, file), "utf8");
      fs.writeFileSync(path.join(offer, file), text.replace(/^title: .*$/m, `title: "${title}"`));
    }
    const banner = path.join(newer, "banners", "01-now-hiring.yaml");
    fs.writeFileSync(
      banner,
      fs.readFileSync(banner, "utf8").replace("en: Seven studios are hiring", "en: Eight studios are hiring"),
    );
    await stampContent(newer);

    const [a, b] = cluster.sites as [Cluster["sites"][0], Cluster["sites"][0]];
    expect((await served(b.url)).offers).not.toContain("Quality Assurance Lead");

    // Machine A is deployed with the newer folder.
    expect(await a.stop()).toBe(0);
    await cluster.restart(0, { CONTENT_DIR: newer });
    const deployed = await served(b.url);
    expect(deployed.offers).toContain("Quality Assurance Lead");
    expect(deployed.banners).toContain("Eight studios are hiring");

    // Machine B restarts on its own, older folder (the tests' content, stamped before).
    expect(await b.stop()).toBe(0);
    const behind = await cluster.restart(1, { CONTENT_DIR: testContent });
    for (const site of cluster.sites) {
      const after = await served(site.url);
      expect(after.offers, site.url).toContain("Quality Assurance Lead");
      expect(after.offers, site.url).toContain("Quality Assurance Intern");
      expect(after.banners, site.url).toContain("Eight studios are hiring");
      expect(after.banners, site.url).not.toContain("Seven studios are hiring");
    }

    // It says so once, naming both stamps.
    const refused = logLines(behind.logs(), "content not loaded");
    expect(refused, behind.logs().slice(-3000)).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      level: 40,
      dir: testContent,
      files: stampOf(testContent).toISOString(),
      database: stampOf(newer).toISOString(),
    });
    expect(logLines(behind.logs(), "content loaded")).toEqual([]);
  });
});

function stampOf(dir: string): Date {
  const text = fs.readFileSync(path.join(dir, "VERSION"), "utf8");
  return new Date(/^stamped: (.*)$/m.exec(text)?.[1] ?? "");
}
