import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { languages } from "~/platform/i18n/languages";
import { cookieTable, pageCacheCookies, type SiteCookie } from "~/platform/privacy/cookie-registry.server";
import { expectEach } from "../../../tests/support/expect-each";
import { consentRecordVariant } from "./consent-cookies";
import { siteCookies } from "./cookie-list.server";

const root = path.join(import.meta.dirname, "../../..");

/** The site's own sources: what runs in the server or the browser, not its tests. */
function sources(): Array<{ file: string; code: string }> {
  return ["app", "server"].flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.(test|e2e|fuzz|integration)\.tsx?$/.test(file))
      .map((file) => path.join(dir, file).split(path.sep).join("/"))
      // The cookie helpers themselves: they write whatever name their callers give.
      .filter((file) => file !== "app/platform/http/cookies.ts")
      .map((file) => ({ file, code: fs.readFileSync(path.join(root, file), "utf8") })),
  );
}

/** The text of the call's first argument, from just after its opening parenthesis. */
function firstArgument(code: string, from: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < code.length; i++) {
    const c = code[i] as string;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (depth === 0) return code.slice(from, i).trim();
      depth--;
    } else if (c === "," && depth === 0) return code.slice(from, i).trim();
  }
  return code.slice(from).trim();
}

type Writer = { file: string; line: number; argument: string };

/**
 * Every place the sources write a cookie, with the expression that names it: the cookie
 * helpers' calls (`serializeCookie`, `expireCookie`), Express's `res.cookie`, React Router's
 * `createCookie`, `document.cookie = …` and a `Set-Cookie` header written as a literal.
 */
function cookieWriters(): Writer[] {
  const writers: Writer[] = [];
  for (const { file, code } of sources()) {
    const at = (index: number, argument: string) =>
      writers.push({ file, line: code.slice(0, index).split("\n").length, argument });
    for (const m of code.matchAll(
      /(?<!function )\b(?:serializeCookie|expireCookie|createCookie)\s*\(|\.cookie\s*\(/g,
    ))
      at(m.index, firstArgument(code, m.index + m[0].length));
    // document.cookie = `<name>=…`: the name is what comes before the first "=" of the value.
    // A name given as `${expression}=…` is that expression's.
    for (const m of code.matchAll(/document\.cookie\s*=\s*(["'`])((?:\$\{[^}]*\}|[^=$"'`])*)=/g))
      at(m.index, /^\$\{([^}]*)\}$/.exec(m[2] ?? "")?.[1]?.trim() ?? `${m[1]}${m[2]}${m[1]}`);
    for (const m of code.matchAll(/["']Set-Cookie["']\s*[,:]\s*(["'`])([^"'`=;$]*)=/gi))
      at(m.index, `${m[1]}${m[2]}${m[1]}`);
  }
  return writers;
}

/**
 * The writers that only delete an outside analytics provider's cookies, whose names are a
 * setting's (ANALYTICS_COOKIE_NAMES): the list describes them as one entry, `setBy: "outside"`.
 */
const outsideProviderWriters = [
  { file: "app/features/consent/consent.server.ts", argument: "name" },
  { file: "app/features/analytics/AnalyticsTracker.tsx", argument: "name" },
];

/** A name constant's value: `export const NAME = "value"` somewhere in the sources. */
function constantValue(name: string, all: Array<{ code: string }>): string | null {
  const definition = new RegExp(`export const ${name}(?:\\s*:\\s*string)?\\s*=\\s*"([^"]+)"`);
  for (const { code } of all) {
    const match = definition.exec(code);
    if (match?.[1]) return match[1];
  }
  return null;
}

type Written = { writer: Writer; names: string[] } | { writer: Writer; unknown: string };

/**
 * The cookie names a writer's expression may write: a string literal's, or the values of the
 * name constants (SCREAMING_CASE) it uses, `hostCookieName(SESSION_COOKIE, config)` included.
 */
function namesWritten(writer: Writer, all: Array<{ code: string }>): Written {
  const literal = /^(["'`])([^"'`$]+)\1$/.exec(writer.argument);
  if (literal?.[2]) return { writer, names: [literal[2]] };
  const constants = [...writer.argument.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)].map((m) => m[0]);
  const values = constants.map((name) => constantValue(name, all));
  if (constants.length === 0 || values.includes(null)) return { writer, unknown: writer.argument };
  return { writer, names: values as string[] };
}

const own = (cookies: SiteCookie[]) =>
  cookies.flatMap((cookie) => (cookie.setBy === "site" ? [cookie.name] : []));

describe("the site's cookie list", () => {
  const all = sources();
  const writers = cookieWriters();
  const fromOutside = (w: Writer) =>
    outsideProviderWriters.some((o) => o.file === w.file && o.argument === w.argument);
  const written = writers.filter((w) => !fromOutside(w)).map((w) => namesWritten(w, all));

  it("lists every cookie the sources write, by its name constant", () => {
    const listed = new Set(own(siteCookies()));
    const where = (w: Writer) => `${w.file}:${w.line} ${w.argument}`;
    // A writer whose name is neither a literal nor a name constant cannot be checked: give it one.
    expect(written.flatMap((w) => ("unknown" in w ? [where(w.writer)] : []))).toEqual([]);
    const missing = written.flatMap((w) =>
      "names" in w
        ? w.names.filter((name) => !listed.has(name)).map((name) => `${name} (${where(w.writer)})`)
        : [],
    );
    expect(missing, "cookies written but missing from siteCookies()").toEqual([]);
  });

  it("lists no cookie the sources no longer write", () => {
    const names = new Set(written.flatMap((w) => ("names" in w ? w.names : [])));
    expectEach(own(siteCookies()), (name) => names.has(name), "listed cookies written by the sources");
  });

  it("describes an outside provider's cookies once, and the sources delete them only as that entry says", () => {
    const outside = siteCookies().filter((cookie) => cookie.setBy === "outside");
    expect(outside.map((cookie) => [cookie.setting, cookie.category, cookie.page.kind])).toEqual([
      ["ANALYTICS_COOKIE_NAMES", "analytics", "none"],
    ]);
    // Each of those writers is still where this test says: the exception cannot outlive them.
    expectEach(
      outsideProviderWriters,
      (o) => writers.some((w) => w.file === o.file && w.argument === o.argument),
      "the outside provider's writers",
    );
  });

  it("gives every cookie one name and its texts in every language", () => {
    const cookies = siteCookies();
    expect(new Set(own(cookies)).size).toBe(own(cookies).length);
    expectEach(
      cookies.flatMap((cookie) =>
        languages.flatMap((lang) => [
          cookie.purpose[lang],
          cookie.lifetime[lang],
          ...(cookie.setBy === "outside" ? [cookie.label[lang]] : []),
        ]),
      ),
      (text) => text.trim().length > 3 && !text.includes("\n"),
      "the texts",
    );
  });

  it("gives the page cache the consent cookies to key on and the personal ones, and nothing of the provider's", () => {
    const config = parseConfig({ PUBLIC_URL: "https://studio.example", ANALYTICS_COOKIE_NAMES: "_ga,_gid" });
    expect(pageCacheCookies(siteCookies(), config)).toEqual({
      pageCookies: [
        "cookieconsent_status",
        "cookieanalytcs_status",
        { name: "cookieconsent_record", variant: consentRecordVariant },
      ],
      personalCookies: ["studio_flash", "__Host-studio_mfa", "__Host-studio_platform_state", "faq_visitor"],
    });
  });

  it("renders one table row per cookie in each language, with the __Host- name beside the plain one and the category after the purpose", () => {
    for (const lang of languages) {
      const rows = cookieTable(siteCookies(), lang).split("\n");
      expect(rows.length, lang).toBe(siteCookies().length + 2);
      expectEach(rows, (row) => row.startsWith("| ") && row.endsWith(" |") && row.split(" | ").length === 3);
    }
    const fr = cookieTable(siteCookies(), "fr");
    expect(fr).toMatch(/^\| Témoin \| Fin \| Durée \|$/m);
    expect(fr).toContain("| `studio_session` (`__Host-studio_session` en https) | Vous garde connecté");
    expect(fr).toContain("sous forme de hachage (strictement nécessaire) | 48 heures au plus");
    expect(cookieTable(siteCookies(), "es")).toContain(
      "Las cookies del proveedor externo de estadísticas, si lo hay (`ANALYTICS_COOKIE_NAMES`)",
    );
  });
});
