import path from "node:path";
// madge ships no types; its API is one function resolving to the graph (README, "API").
// @ts-expect-error no declaration file
import madge from "madge";

/**
 * Import circles across module boundaries in `app/` (madge 8.0.0, type imports included): the
 * layers and faces hold only if no two features, `platform/` modules or `ui/` modules need each
 * other. A circle inside one folder (two files of one feature that call each other) is allowed
 * and printed; one through files of two folders fails `npm run lint`.
 *
 *     npm run lint            (biome, then this)
 *     tsx scripts/circles.ts  (this alone)
 */

/**
 * The module a file of `app/` belongs to: a feature's folder, a folder of `platform/` or `ui/`;
 * a file directly under `platform/` or `ui/`, `root.tsx` or a route is a module of its own.
 */
export function moduleOf(file: string): string {
  const parts = file.split("/");
  if (["features", "platform", "ui"].includes(parts[0]!) && parts.length > 2)
    return `${parts[0]}/${parts[1]}`;
  return file;
}

/** The circles whose files lie in more than one module. */
export function crossModuleCircles(circles: readonly string[][]): string[][] {
  return circles.filter((circle) => new Set(circle.map(moduleOf)).size > 1);
}

/** madge's circles over the TypeScript files under `dir`, tests left out, paths relative to it. */
export async function circlesIn(dir: string, tsConfig?: string): Promise<string[][]> {
  const graph = await madge(dir, {
    fileExtensions: ["ts", "tsx"],
    // A route and the types React Router generates for it (`./+types/<route>`, under
    // .react-router/) import each other by design; that folder exists once `npm run typecheck` ran.
    excludeRegExp: [/\.test\.tsx?$/, /\.react-router\//],
    ...(tsConfig ? { tsConfig } : {}),
  });
  return graph.circular();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const circles = await circlesIn(path.resolve("app"), path.resolve("tsconfig.json"));
  const crossing = crossModuleCircles(circles);
  const inside = circles.filter((circle) => !crossing.includes(circle));
  for (const circle of inside) console.log(`circle inside ${moduleOf(circle[0]!)}: ${circle.join(" > ")}`);
  for (const circle of crossing) console.error(`circle across modules: ${circle.join(" > ")}`);
  if (crossing.length > 0) {
    console.error(
      `${crossing.length} import circle(s) across features, platform/ or ui/ modules (scripts/circles.ts): ` +
        "move what both sides need below them, or let the one above hand it down as an argument.",
    );
    process.exitCode = 1;
  }
}
