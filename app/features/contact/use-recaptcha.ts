import { useCallback, useEffect, useRef, useState } from "react";

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
 * reCAPTCHA v3 in the browser: the script is added only when a site key is configured (and
 * only on the page with the form), and `getToken` asks it for a fresh token for each send, as
 * tokens expire after two minutes and are single-use. Rejects with one of those texts.
 */
export function useRecaptcha(setup: CaptchaSetup) {
  const [loadFailed, setLoadFailed] = useState(false);
  const loaded = useRef<Promise<Grecaptcha> | null>(null);

  useEffect(() => {
    if (!setup || loaded.current) return;
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
  }, [setup]);

  const getToken = useCallback(async (): Promise<string | null> => {
    if (!setup) return null;
    if (!loaded.current) throw new Error(CAPTCHA_LOAD_FAILED);
    const api = await loaded.current.catch(() => {
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
  }, [setup]);

  return { getToken, loadFailed };
}
