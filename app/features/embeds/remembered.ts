import { useSyncExternalStore } from "react";
import { useEmbedConsent } from "./embed-consent";
import { type EmbedProvider, isEmbedProvider } from "./providers";

/**
 * The providers a visitor asked to load without asking again ("Always load YouTube videos"),
 * kept in this browser's localStorage (docs/decisions/0025-click-to-load-embeds.md): the choice
 * is read and applied in the browser only, so it never reaches the page cache's key or any
 * cached HTML. It is a consent like the banner's (docs/decisions/0050-embed-choices-are-consents.md):
 * recorded on the server when made, kept with the consent policy revision it was made under
 * and for as long as a choice in the banner lasts (CONSENT_MAX_AGE_DAYS), and forgotten under a
 * new revision, after that time, and on Reject All.
 */
export const REMEMBERED_EMBEDS_KEY = "embeds.always";

/** As long as a choice in the banner lasts (its cookies' 90 days). */
export const REMEMBERED_EMBEDS_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

type Stored = { providers: EmbedProvider[]; revision: string; until: number };

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

/**
 * The stored choice: its providers (sorted), the revision it was made under and until when it
 * lasts; null when there is none or it cannot be read (nothing remembered).
 */
export function parseRemembered(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Stored> | null;
    if (!value || !Array.isArray(value.providers) || typeof value.revision !== "string") return null;
    if (typeof value.until !== "number") return null;
    return {
      providers: [...new Set(value.providers.filter(isEmbedProvider))].sort(),
      revision: value.revision,
      until: value.until,
    };
  } catch {
    return null;
  }
}

/** The providers remembered under `revision` and not yet expired at `now`. */
export function rememberedUnder(
  stored: Stored | null,
  revision: string | null,
  now: number,
): EmbedProvider[] {
  if (!stored || revision === null || stored.revision !== revision || stored.until <= now) return [];
  return stored.providers;
}

// One snapshot per stored string and revision, so useSyncExternalStore sees a stable value.
let lastKey: string | null = null;
let lastList: EmbedProvider[] = [];

export function rememberedEmbeds(revision: string | null): EmbedProvider[] {
  const raw = storage()?.getItem(REMEMBERED_EMBEDS_KEY) ?? null;
  const key = `${revision}\n${raw}`;
  if (key !== lastKey) {
    lastKey = key;
    lastList = rememberedUnder(parseRemembered(raw), revision, Date.now());
  }
  return lastList;
}

/**
 * Remembers or forgets one provider under `revision`; the choice lasts from now on
 * (REMEMBERED_EMBEDS_MAX_AGE_MS), those remembered with it too.
 */
export function setRemembered(provider: EmbedProvider, remember: boolean, revision: string | null): void {
  const store = storage();
  if (!store || revision === null) return;
  const next = new Set(rememberedEmbeds(revision));
  if (remember) next.add(provider);
  else next.delete(provider);
  try {
    if (next.size) {
      const stored: Stored = {
        providers: [...next].sort(),
        revision,
        until: Date.now() + REMEMBERED_EMBEDS_MAX_AGE_MS,
      };
      store.setItem(REMEMBERED_EMBEDS_KEY, JSON.stringify(stored));
    } else store.removeItem(REMEMBERED_EMBEDS_KEY);
  } catch {
    // Full or blocked storage: the embed still loads this time, it is just not remembered.
  }
  for (const listener of listeners) listener();
}

/** Forgets every remembered provider ('Reject All' in the cookie settings). */
export function forgetAllEmbeds(): void {
  try {
    storage()?.removeItem(REMEMBERED_EMBEDS_KEY);
  } catch {
    // Blocked storage holds nothing to forget.
  }
  for (const listener of listeners) listener();
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

/**
 * The providers remembered under the consent policy in force; always none on the server and while
 * hydrating (the HTML is shared).
 */
export function useRememberedEmbeds(): EmbedProvider[] {
  const { revision } = useEmbedConsent();
  return useSyncExternalStore(
    subscribe,
    () => rememberedEmbeds(revision),
    () => none,
  );
}
