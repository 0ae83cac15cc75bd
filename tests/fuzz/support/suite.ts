import fs from "node:fs";
import path from "node:path";
import { afterAll, expect, inject, test } from "vitest";
import type { Endpoint } from "./endpoints";
import { type Fixtures, prepareFixtures } from "./fixtures";
import { fuzzEndpoint } from "./runner";
import { type Sample, samples } from "./samples";
import { type FuzzSite, startFuzzSite } from "./site";

/**
 * Requests per endpoint that takes input (FUZZ_RUNS overrides, e.g. 1000 for a longer local
 * run). Each run draws a new seed, so the cases tried grow run after run; 300 keeps the suite
 * within its time on two cores (1000 took 588 of the suite's 2,578 s, 2026-11-30).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 300);
/** Endpoints that read no query, parameter or body still get junk addresses, fewer of them. */
const lightRuns = Number(process.env.FUZZ_LIGHT_RUNS ?? Math.max(1, Math.round(runs / 10)));

function takesInput(endpoint: Endpoint, sample: Sample): boolean {
  return (
    endpoint.path.split("/").some((segment) => segment.startsWith(":") && segment !== ":lang?") ||
    endpoint.path.endsWith("/*") ||
    Object.keys(sample).some((key) => ["query", "json", "form", "files"].includes(key))
  );
}

/**
 * One test per endpoint, in the order the code lists them, after a test that every endpoint has
 * a sample. Prints the requests sent per endpoint and in all, and leaves the count for the run's
 * total (global-setup.ts).
 */
export function fuzzEndpoints(name: string, site: FuzzSite, fixtures: Fixtures, endpoints: Endpoint[]) {
  const counts = new Map<string, number>();

  test(`${name}: every endpoint has a sample to mutate`, () => {
    expect(endpoints.length).toBeGreaterThan(0);
    expect(endpoints.filter((endpoint) => !samples[endpoint.key]).map((endpoint) => endpoint.key)).toEqual(
      [],
    );
  });

  for (const endpoint of endpoints) {
    test(`${name}: ${endpoint.key}`, async () => {
      const sampleOf = samples[endpoint.key];
      if (!sampleOf) throw new Error(`no sample for ${endpoint.key} (tests/fuzz/support/samples.ts)`);
      const sample = sampleOf(fixtures);
      const planned = takesInput(endpoint, sample) ? runs : lightRuns;
      const sent = await fuzzEndpoint(site, fixtures, endpoint, sample, planned);
      counts.set(endpoint.key, sent);
      expect(sent).toBe(planned);
    });
  }

  afterAll(() => {
    const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
    const width = Math.max(...[...counts.keys()].map((key) => key.length), 10);
    const lines = [...counts].map(([key, n]) => `  ${key.padEnd(width)}  ${String(n).padStart(6)}`);
    process.stdout.write(
      `${name}: requests per endpoint\n${lines.join("\n")}\n  ${"total".padEnd(width)}  ${String(total).padStart(6)}\n`,
    );
    fs.writeFileSync(
      path.join(inject("fuzzCountsDir"), `${name}.json`),
      JSON.stringify({ endpoints: counts.size, total }),
    );
  });
}

/**
 * A fuzz file: the production bundle booted for it alone (stopped when the file ends), the
 * fixtures its samples need, and the endpoints `pick` takes from the booted site.
 */
export async function fuzzFile(name: string, pick: (site: FuzzSite) => Endpoint[]) {
  const site = await startFuzzSite();
  afterAll(() => site.stop());
  const fixtures = await prepareFixtures(site);
  fuzzEndpoints(name, site, fixtures, pick(site));
}
