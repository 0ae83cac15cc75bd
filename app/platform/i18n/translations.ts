import type { TFunction } from "i18next";
import { createContext } from "react";
import type { Language } from "./languages";

/**
 * What components ask of the page's translations (through `useTranslation`): the server
 * renders with i18next (translator.server.ts), the browser with the small runtime of
 * browser-translations.ts, which reads the same catalogs the same way for what the site uses
 * (docs/decisions/0031-browser-translation-runtime.md).
 */
export interface Translations {
  /** The language shown now. */
  readonly language: Language;
  /** A translate function for one language and namespace; the same function on every call. */
  getFixedT(language: Language, ns: string): TFunction;
  /** Whether a key (`ns:path`, else in `common`) has a text in the current language. */
  exists(key: string): boolean;
  /** Translates in the current language, namespace `common` unless the key names one. */
  t: TFunction;
  /**
   * Calls `listener` when what `getFixedT` returns may have changed (another language shown, or a
   * namespace arrived that a text had asked for); returns the unsubscribe. Called unbound.
   */
  subscribe(listener: () => void): () => void;
  /**
   * While the current language's `ns` is still loading (in the browser, a namespace the page did
   * not need until now), the promise of its arrival, for React's `use`; else undefined (always on
   * the server, which has every catalog).
   */
  pending(ns: string): PromiseLike<unknown> | undefined;
  /**
   * The namespaces the page's server render used, sorted: written into the page
   * (PageNamespaces.tsx) so the browser loads those before it hydrates. In the browser, the
   * list it found there.
   */
  pageNamespaces(): readonly string[];
}

export const TranslationsContext = createContext<Translations | null>(null);
