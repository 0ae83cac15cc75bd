import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as forms from "./account-forms";
import { apiSchemas } from "./account-forms";
import * as face from "./index.server";
import * as smsForms from "./sms-setup-form";

/**
 * Each account write is checked by one schema, whether it comes from a page's form or from the
 * JSON API (account-forms.ts): read from the code itself, the page actions' `parseForm` and
 * `formStep` calls and the API handlers' `parseBody` calls, matched by the write (`accountWrites`)
 * each step then runs. Static reading: a step is a `case` of a page's action (or the whole action)
 * and a `router.post(…)` of the API.
 */

type Step = { where: string; writes: string[]; schemas: string[] };

const read = (file: string) => fs.readFileSync(path.resolve(file), "utf8");
const all = (source: string, pattern: RegExp, group = 1) =>
  [...source.matchAll(pattern)].map((match) => match[group]!);

/**
 * The schemas the shared form modules export, by name; pages import them through the account
 * feature's server face, which exports them under the same names.
 */
const exported: Record<string, unknown> = { ...forms, ...smsForms };
const fromFormModules = /import\s*\{([^}]*)\}\s*from\s*"~\/features\/account\/index\.server"/g;

function pageSteps(): Step[] {
  const files = fs
    .readdirSync(path.resolve("app/routes"))
    .filter((file) => /^account(-[\w-]+)?\.tsx$/.test(file));
  return files.flatMap((file) => {
    const source = read(`app/routes/${file}`);
    const imported = new Set(
      all(source, fromFormModules).flatMap((names) => names.split(",").map((name) => name.trim())),
    );
    const action = /export async function action[\s\S]*?\n}\n/.exec(source)?.[0] ?? "";
    return action.split(/\n\s*case "/).map((part, index) => {
      const schemas = [
        ...all(part, /parseForm\(\s*[\w.]+,\s*(\w+)/g),
        ...all(part, /formStep\(\s*\w+,\s*\w+,\s*(\w+)/g),
      ];
      for (const schema of schemas) {
        if (!imported.has(schema))
          throw new Error(`${file}: ${schema} is not imported from the form modules`);
      }
      return {
        where: `${file} (${index === 0 ? "action" : `case "${part.slice(0, part.indexOf('"'))}"`})`,
        writes: all(part, /(?:accountWrites|\bw)\.(\w+)\.run\(/g),
        schemas,
      };
    });
  });
}

function apiSteps(): Step[] {
  const source = read("app/features/account/account-api.server.ts");
  return source
    .split(/\n\s*router\.(?=post\()/)
    .slice(1)
    .map((part) => ({
      where: `API ${/"([^"]+)"/.exec(part)?.[1]}`,
      writes: all(part, /\bw\.(\w+)\.run\(/g),
      schemas: all(part, /parseBody\(\s*([\w.]+)/g),
    }));
}

/** The schema object a name in the code stands for. */
function schemaOf(name: string): unknown {
  const entry = /^apiSchemas\.(\w+)$/.exec(name);
  const schema = entry ? apiSchemas[entry[1] as keyof typeof apiSchemas] : exported[name];
  if (!schema) throw new Error(`unknown schema ${name}`);
  return schema;
}

describe("account writes: one schema for the page and the API", () => {
  const pages = pageSteps().filter((step) => step.writes.length > 0 && step.schemas.length > 0);
  const api = apiSteps().filter((step) => step.writes.length > 0);

  it("reads the steps from the code", () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
    expect(api.length).toBeGreaterThanOrEqual(15);
    for (const step of [...pages, ...api]) {
      expect(step.schemas.length, step.where).toBeLessThanOrEqual(1);
      expect(new Set(step.writes).size, step.where).toBe(1);
    }
  });

  it("each API write that reads a body parses it with its entry of apiSchemas (the SMS number apart)", () => {
    const outside = api.flatMap((step) =>
      step.schemas.filter((name) => !name.startsWith("apiSchemas.") && name !== "smsSetupSchema"),
    );
    expect(outside).toEqual([]);
    // Every entry is some endpoint's.
    const used = new Set(api.flatMap((step) => step.schemas));
    expect(Object.keys(apiSchemas).filter((key) => !used.has(`apiSchemas.${key}`))).toEqual([]);
  });

  it("the pages' schemas, taken from the server face, are the form modules' own", () => {
    const names = [...new Set(pages.flatMap((step) => step.schemas))];
    expect(names.length).toBeGreaterThan(0);
    const faceExports: Record<string, unknown> = face;
    expect(names.filter((name) => faceExports[name] !== exported[name])).toEqual([]);
  });

  it("each page action's write is checked with the schema its API endpoint uses", () => {
    const apiSchemaOf = new Map<string, unknown>();
    for (const step of api)
      for (const schema of step.schemas) apiSchemaOf.set(step.writes[0]!, schemaOf(schema));
    const mismatched = pages
      .filter((step) => apiSchemaOf.get(step.writes[0]!) !== schemaOf(step.schemas[0]!))
      .map((step) => `${step.where}: ${step.schemas[0]} for ${step.writes[0]}`);
    expect(mismatched).toEqual([]);
  });
});
