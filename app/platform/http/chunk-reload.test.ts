import { describe, expect, it, vi } from "vitest";
import {
  CHUNK_RELOAD_INTERVAL_MS,
  CHUNK_RELOAD_STORAGE_KEY,
  isChunkLoadError,
  reloadForChunkError,
  shouldReloadForChunkError,
} from "./chunk-reload";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    items,
  };
}

describe("reload decision", () => {
  const now = 1_750_000_000_000;

  it("reloads the first time", () => {
    expect(shouldReloadForChunkError(now, null)).toBe(true);
  });

  it("does not reload again within a minute", () => {
    expect(shouldReloadForChunkError(now, now)).toBe(false);
    expect(shouldReloadForChunkError(now, now - 59_999)).toBe(false);
  });

  it("reloads again once a minute has passed", () => {
    expect(CHUNK_RELOAD_INTERVAL_MS).toBe(60_000);
    expect(shouldReloadForChunkError(now, now - 60_000)).toBe(true);
    expect(shouldReloadForChunkError(now, now - 3_600_000)).toBe(true);
  });

  it("is not blocked by a timestamp from the future or garbage", () => {
    expect(shouldReloadForChunkError(now, now + 10_000)).toBe(true);
    expect(shouldReloadForChunkError(now, Number.NaN)).toBe(true);
  });
});

describe("reloadForChunkError", () => {
  it("reloads once, remembers when, and refuses a second reload within the minute", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let clock = 1_000_000;
    const env = { storage, reload, now: () => clock };

    expect(reloadForChunkError(env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.items.get(CHUNK_RELOAD_STORAGE_KEY)).toBe("1000000");

    clock += 30_000;
    expect(reloadForChunkError(env)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    clock += 30_000;
    expect(reloadForChunkError(env)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads without storage (it could not stop a loop)", () => {
    const reload = vi.fn();
    expect(reloadForChunkError({ storage: null, reload, now: () => 0 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("does not reload when the timestamp cannot be written", () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadForChunkError({ storage, reload, now: () => 0 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("isChunkLoadError", () => {
  it("recognises each browser's failed dynamic import", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/careers-x1.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: /assets/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/root-x.css"))).toBe(true);
  });

  it("leaves other errors to the error page", () => {
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});
