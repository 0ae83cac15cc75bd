import type { TFunction } from "i18next";
import { numberFormat } from "~/platform/i18n/format";
import { isNamespace, loadNamespace } from "./catalogs";
import { defaultLanguage, type Language } from "./languages";
import { memoizedT } from "./memoized-t";
import type { Translations } from "./translations";

/*
 * The browser's translations: the part of i18next the site's catalogs and components use, in
 * about 1 KB instead of i18next's 18 KB on every page (docs/decisions/0031-browser-translation-
 * runtime.md). The server keeps i18next; what the browser renders must be the same text or
 * hydration fails, so browser-translations.test.ts compares the two on every key of every
 * catalog with generated options. What it reads:
 * - keys `ns:path.to.key` (namespace before the first colon when the part before it names one
 *   of the loaded namespaces and the key holds no space, else the whole key in the default one);
 * - plurals with a numeric `count`: `key_zero` for 0 when present, then `key_<CLDR form>`, then
 *   `key`;
 * - `{{name}}`, `{{- name}}` and `{{name, number}}` from the options (a name not given stays as
 *   written, as in i18next);
 * - `defaultValue` when nothing is found, else the key; `returnObjects` for a section;
 * - English when the current language lacks a key and English is loaded (i18next's fallback).
 * Not read, as no catalog uses them: nesting (`$t(...)`), context, ordinals, other formats.
 */

type Catalog = Record<string, unknown>;
type Bundles = Partial<Record<Language, Record<string, Catalog>>>;
type Options = Record<string, unknown>;

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

function lookup(catalog: Catalog | undefined, path: string): unknown {
  let current: unknown = catalog;
  for (const part of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const found = (value: unknown) => value !== undefined && value !== null;

const sentenceCharacters = /[ ,?!;]/;
function looksLikeObjectPath(key: string): boolean {
  if (!sentenceCharacters.test(key)) return true;
  const dot = key.indexOf(".");
  return dot > 0 && !sentenceCharacters.test(key.slice(0, dot));
}
// i18next's nesting pattern (`$t(key, { options })`).
const nesting = /\$t\(((?:[^()"']|"[^"]*"|'[^']*'|\((?:[^()"']|"[^"]*"|'[^']*')*\))*?)\)/;

function asText(value: unknown): string {
  return value === undefined || value === null ? "" : String(value);
}

function interpolate(text: string, options: Options, language: Language): string {
  // One pass per kind as i18next does: `{{- name}}` first, then `{{name}}`; a value put in is
  // never read again for placeholders.
  const replace = (source: string, pattern: RegExp) =>
    source.replace(pattern, (whole, inner: string) => {
      const [name = "", ...format] = inner.split(",");
      const key = name.trim();
      const value = lookup(options, key);
      if (value === undefined) return Object.hasOwn(options, inner.trim()) ? "" : whole;
      if (format.length > 0 && format.join(",").trim() === "number")
        return numberFormat(language).format(value as number);
      return asText(value);
    });
  return replace(replace(text, /\{\{-(.+?)\}\}/g), /\{\{(.+?)\}\}/g);
}

export class BrowserTranslations implements Translations {
  language: Language;
  private readonly bundles: Bundles;
  private readonly fixed = new Map<string, TFunction>();
  private readonly listeners = new Set<() => void>();
  private readonly arriving = new Map<string, Promise<void>>();
  /** Namespaces a text asked for before they had arrived (`lang|ns`): texts to translate again. */
  private readonly missed = new Set<string>();
  private readonly listed: readonly string[];

  /**
   * `catalogs`: the namespaces of `language` loaded before hydration; `listed`, the page's list
   * they were loaded from (PageNamespaces.tsx), by default their names.
   */
  constructor(language: Language, catalogs: Record<string, Catalog>, listed?: readonly string[]) {
    this.language = language;
    this.bundles = { [language]: { ...catalogs } };
    this.listed = listed ?? Object.keys(catalogs).sort();
  }

  pageNamespaces(): readonly string[] {
    return this.listed;
  }

  /**
   * A namespace of a language, once: when it arrives, the texts that asked for it before are
   * translated again. A page needs only its own namespaces before it hydrates; another page's,
   * shown after a navigation, arrive here (and `useTranslation` waits for them).
   */
  private arrival(language: Language, ns: string): Promise<void> {
    const id = `${language}|${ns}`;
    let promise = this.arriving.get(id);
    if (!promise) {
      promise = loadNamespace(language, ns).then(
        (catalog) => {
          this.bundles[language] = { ...this.bundles[language], [ns]: catalog };
          if (this.missed.delete(id)) this.changed();
        },
        (error: unknown) => {
          // Offline, or a deploy removed the file: asked again next time something needs it.
          this.arriving.delete(id);
          throw error;
        },
      );
      this.arriving.set(id, promise);
    }
    return promise;
  }

  private changed() {
    this.fixed.clear();
    for (const listener of this.listeners) listener();
  }

  pending(ns: string): Promise<void> | undefined {
    if (this.bundles[this.language]?.[ns] || !isNamespace(ns)) return undefined;
    return this.arrival(this.language, ns);
  }

  /** Loads, in `language`, every namespace loaded so far in the current one, then shows it. */
  async switchTo(language: Language): Promise<void> {
    if (this.language === language) return;
    const shown = Object.keys(this.bundles[this.language] ?? {});
    const lacking = shown.filter((ns) => !this.bundles[language]?.[ns]);
    await Promise.all(lacking.map((ns) => this.arrival(language, ns)));
    this.language = language;
    this.changed();
  }

  // A field, not a method: React calls it unbound (useSyncExternalStore).
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getFixedT(language: Language, ns: string): TFunction {
    const id = `${language}|${ns}`;
    let t = this.fixed.get(id);
    if (!t) {
      t = memoizedT(((key: string, options?: Options) =>
        this.translate(language, ns, key, options)) as unknown as TFunction);
      this.fixed.set(id, t);
    }
    return t;
  }

  t = ((key: string, options?: Options) =>
    this.translate(this.language, "common", key, options)) as unknown as TFunction;

  exists(key: string): boolean {
    const { ns, path } = this.splitKey(key, "common");
    return found(this.resolve(this.language, ns, path, {}));
  }

  /**
   * `ns:path` → its namespace and path, as i18next reads a key: a key that reads like a
   * sentence (a space or `,?!;` before its first dot) or holds a nesting `$t(…)` stays whole.
   */
  private splitKey(key: string, defaultNs: string): { ns: string; path: string } {
    if (!key.includes(":") || !looksLikeObjectPath(key) || nesting.test(key))
      return { ns: defaultNs, path: key };
    const [ns = defaultNs, ...rest] = key.split(":");
    return { ns, path: rest.join(".") };
  }

  private resolve(language: Language, ns: string, path: string, options: Options): unknown {
    const count = options.count;
    for (const code of language === defaultLanguage ? [language] : [language, defaultLanguage]) {
      const catalog = this.bundles[code]?.[ns];
      if (!catalog) {
        // A key naming a namespace no text of the page had needed: fetched now, and the texts
        // that asked translated again when it comes (English stays a fallback only if loaded).
        if (code === language && isNamespace(ns)) {
          this.missed.add(`${code}|${ns}`);
          // Not fetched (offline): the key stays shown until something asks for it again.
          this.arrival(code, ns).catch(() => {});
        }
        continue;
      }
      if (count !== undefined && typeof count !== "string") {
        const n = Number(count);
        if (count === 0) {
          const zero = lookup(catalog, `${path}_zero`);
          if (found(zero)) return zero;
        }
        const plural = lookup(catalog, `${path}_${pluralForm(code, n)}`);
        if (found(plural)) return plural;
      }
      const value = lookup(catalog, path);
      if (found(value)) return value;
    }
    return undefined;
  }

  private translate(language: Language, defaultNs: string, key: string, given?: Options): unknown {
    const { ns, path } = this.splitKey(String(key), defaultNs);
    return this.translatePath(language, ns, path, given ?? {});
  }

  private translatePath(language: Language, ns: string, path: string, options: Options): unknown {
    const value = this.resolve(language, ns, path, options);
    if (value !== null && typeof value === "object") {
      if (!options.returnObjects)
        return `key '${path} (${this.language})' returned an object instead of string.`;
      const section = value as Record<string, unknown>;
      const copy: Record<string, unknown> = Array.isArray(value)
        ? ([] as unknown as Record<string, unknown>)
        : {};
      for (const part of Object.keys(section)) {
        const deepPath = `${path}.${part}`;
        const text = this.translatePath(language, ns, deepPath, { ...options, joinArrays: false });
        copy[part] = text === deepPath ? section[part] : text;
      }
      return copy;
    }
    const text = found(value) ? value : options.defaultValue !== undefined ? options.defaultValue : path;
    return typeof text === "string" ? interpolate(text, options, language) : text;
  }
}
