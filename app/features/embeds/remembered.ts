import { useSyncExternalStore } from "react";
import { type EmbedProvider, isEmbedProvider } from "./providers";

/**
 * The providers a visitor asked to load without asking again ("Always load YouTube videos"),
 * kept in this browser's localStorage (docs/decisions/0025-click-to-load-embeds.md): the choice
 * is read and applied in the browser only, so it never reaches the server, the page cache's key
 * or any cached HTML.
 */
export const REMEMBERED_EMBEDS_KEY = "embeds.always";

/** Same-page listeners (the `storage` event only tells other tabs). */
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage blocked by the browser: nothing is remembered, every embed asks.
    return null;
  }
}

/** The stored list, sorted; anything unreadable counts as nothing remembered. */
export function parseRemembered(raw: string | null): EmbedProvider[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? [...new Set(value.filter(isEmbedProvider))].sort() : [];
  } catch {
    return [];
  }
}

// One snapshot per stored string, so useSyncExternalStore sees a stable value between changes.
let lastRaw: string | null = null;
let lastList: EmbedProvider[] = [];

export function rememberedEmbeds(): EmbedProvider[] {
  const raw = storage()?.getItem(REMEMBERED_EMBEDS_KEY) ?? null;
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastList = parseRemembered(raw);
  }
  return lastList;
}

export function setRemembered(provider: EmbedProvider, remember: boolean): void {
  const store = storage();
  if (!store) return;
  const next = new Set(rememberedEmbeds());
  if (remember) next.add(provider);
  else next.delete(provider);
  try {
    if (next.size) store.setItem(REMEMBERED_EMBEDS_KEY, JSON.stringify([...next].sort()));
    else store.removeItem(REMEMBERED_EMBEDS_KEY);
  } catch {
    // Full or blocked storage: the embed still loads this time, it is just not remembered.
  }
  for (const listener of listeners) listener();
}

/** Forgets every remembered provider ('Reject All' in the cookie settings). */
export function forgetAllEmbeds(): void {
  for (const provider of rememberedEmbeds()) setRemembered(provider, false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === REMEMBERED_EMBEDS_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const none: EmbedProvider[] = [];

/** The remembered providers; always none on the server and while hydrating (the HTML is shared). */
export function useRememberedEmbeds(): EmbedProvider[] {
  return useSyncExternalStore(subscribe, rememberedEmbeds, () => none);
}
