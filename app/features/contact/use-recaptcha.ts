import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/** What the page needs to run the bot check; `null` when no site key is configured. */
export type CaptchaSetup = { siteKey: string; scriptUrl: string; action: string } | null;

/**
 * Catalog keys of the bot-check texts of docs/requirements.md#contact ('ReCaptcha error: Failed to
 * execute', 'Failed to load script'), kept word for word in every language because the
 * specification quotes them.
 */
export const CAPTCHA_EXECUTE_FAILED = "contact:captcha.failed";
export const CAPTCHA_LOAD_FAILED = "contact:captcha.loadFailed";

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

const EXECUTE_TIMEOUT_MS = 10_000;

/**
 * reCAPTCHA v3 in the browser. Its script (Google's, which reads the visitor's device and how
 * they use the page) is added only when a site key is configured, only on the page with the
 * form, and only once the visitor starts filling the form in: at the first focus or input in any
 * of its fields (`form` is the form element), not when the page opens, so a visitor who only
 * reads the page sends Google nothing (the form says so beside its button, and the privacy
 * policy's "Google reCAPTCHA" section says what it collects). `getToken` asks it for a fresh
 * token for each send, as tokens expire after two minutes and are single-use; a form sent before
 * the script was there adds it then and waits for it. Rejects with one of those texts.
 */
export function useRecaptcha(setup: CaptchaSetup, form: RefObject<HTMLFormElement | null>) {
  const [loadFailed, setLoadFailed] = useState(false);
  const loaded = useRef<Promise<Grecaptcha> | null>(null);

  /** Adds the script once; later calls answer the same promise (null without a site key). */
  const start = useCallback((): Promise<Grecaptcha> | null => {
    if (!setup) return null;
    if (loaded.current) return loaded.current;
    loaded.current = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement("script");
      const url = new URL(setup.scriptUrl, window.location.href);
      url.searchParams.set("render", setup.siteKey);
      script.src = url.toString();
      script.async = true;
      script.onload = () => {
        const api = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (api) api.ready(() => resolve(api));
        else reject(new Error(CAPTCHA_LOAD_FAILED));
      };
      script.onerror = () => reject(new Error(CAPTCHA_LOAD_FAILED));
      document.head.append(script);
    });
    loaded.current.catch(() => setLoadFailed(true));
    return loaded.current;
  }, [setup]);

  // The first focus or input in any field of the form adds the script. The form hydrates late
  // (ui/hydrate-later.tsx), at the visitor's first key, tap or focus if that comes before the
  // page is idle: a focus already inside the form when it hydrates was the visitor starting to
  // fill it in before these listeners were there.
  useEffect(() => {
    const element = form.current;
    if (!setup || !element) return;
    if (element.contains(document.activeElement)) {
      start();
      return;
    }
    const listening = new AbortController();
    const begin = () => {
      listening.abort();
      start();
    };
    for (const type of ["focusin", "input"])
      element.addEventListener(type, begin, { passive: true, signal: listening.signal });
    return () => listening.abort();
  }, [setup, form, start]);

  const getToken = useCallback(async (): Promise<string | null> => {
    const loading = start();
    if (!setup || !loading) return null;
    const api = await loading.catch(() => {
      throw new Error(CAPTCHA_LOAD_FAILED);
    });
    try {
      const token = await Promise.race([
        api.execute(setup.siteKey, { action: setup.action }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), EXECUTE_TIMEOUT_MS)),
      ]);
      if (typeof token !== "string" || !token) throw new Error("empty token");
      return token;
    } catch {
      throw new Error(CAPTCHA_EXECUTE_FAILED);
    }
  }, [setup, start]);

  return { getToken, loadFailed };
}
