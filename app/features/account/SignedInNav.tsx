import { useEffect, useState } from "react";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { AccountPartProps } from "~/ui/frame/account-slot";

type SignedIn = { username: string };
type Asked = { hint: string; answer: Promise<SignedIn | null>; known?: SignedIn | null };

/**
 * One question per sign-in and document: the header's parts (the main bar, the mobile menu each
 * time it opens, the header of another layout after a navigation) share its answer. Keyed on the
 * hint's value, which a new sign-in changes.
 */
let asked: Asked | null = null;

/**
 * The answer is also kept in the tab (sessionStorage) for a few minutes, under the same hint:
 * the next pages of the visit ask nothing, so a signed-in visitor's page costs the server what
 * an anonymous visitor's does (docs/decisions/0060). A name changed or a session ended elsewhere
 * shows in the header within that time; the account area and every write read the session
 * itself.
 */
const keptKey = "studio-signed-in";
const keptMs = 5 * 60_000;

function keptAnswer(hint: string): SignedIn | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(keptKey) ?? "null") as {
      hint?: unknown;
      at?: unknown;
      username?: unknown;
    } | null;
    const fresh = typeof kept?.at === "number" && Date.now() - kept.at < keptMs;
    return kept?.hint === hint && fresh && typeof kept.username === "string"
      ? { username: kept.username }
      : null;
  } catch {
    return null;
  }
}

function keep(hint: string, answer: SignedIn | null) {
  try {
    if (answer)
      sessionStorage.setItem(keptKey, JSON.stringify({ hint, at: Date.now(), username: answer.username }));
    else sessionStorage.removeItem(keptKey);
  } catch {
    // Storage refused (a private window's quota): the next page asks again.
  }
}

/** GET /api/account/me (private, no-store): the signed-in visitor's name, or null. */
async function askWhoIsSignedIn(): Promise<SignedIn | null> {
  try {
    const res = await fetch("/api/account/me", { headers: { accept: "application/json" } });
    if (!res.ok) return null;
    const body = (await res.json()) as { user?: { username?: unknown } };
    return typeof body.user?.username === "string" ? { username: body.user.username } : null;
  } catch {
    return null;
  }
}

/** The question for this sign-in (the hint's value), asked or kept. */
function signedIn(hint: string): Asked {
  if (asked?.hint !== hint) {
    const kept = keptAnswer(hint);
    const question: Asked = kept
      ? { hint, answer: Promise.resolve(kept), known: kept }
      : { hint, answer: askWhoIsSignedIn() };
    void question.answer.then((answer) => {
      question.known = answer;
      if (!kept) keep(hint, answer);
    });
    asked = question;
  }
  return asked as Asked;
}

/**
 * The header's account part for a signed-in visitor (docs/decisions/0060): their name, "My
 * account" and "Sign out" (a plain form posting the account page's logout, which works as the
 * account page's own button does). Loaded by HeaderAccount with the sign-in hint's value;
 * `fallback` (the server's "Account") stays while the answer comes, and when it fails. A part
 * mounted after the answer came shows it at once.
 */
export function SignedInNav({ placement, fallback, hint }: AccountPartProps & { hint: string }) {
  const { t } = useTranslation("layout");
  const localize = useLocalizePath();
  // Only an answer already in hand for this sign-in.
  const [user, setUser] = useState<SignedIn | null>(() =>
    asked?.hint === hint ? (asked.known ?? null) : null,
  );
  useEffect(() => {
    const question = signedIn(hint);
    let mounted = true;
    void question.answer.then((answer) => {
      if (mounted) setUser(answer);
    });
    return () => {
      mounted = false;
    };
  }, [hint]);
  if (!user) return fallback;

  const account = localize("/account");
  const signOut = (buttonClass: string) => (
    <form method="post" action={account} className="account-sign-out">
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className={buttonClass}>
        {t("nav.signOut")}
      </button>
    </form>
  );
  if (placement === "menu") {
    return (
      <>
        <p className="mobile-menu__signed-in">
          {t("nav.signedInAs")} <strong>{user.username}</strong>
        </p>
        <SiteLink className="button button--ghost" to={account}>
          {t("nav.myAccount")}
        </SiteLink>
        {signOut("button button--primary")}
      </>
    );
  }
  return (
    <>
      <span className="account-nav__name">
        <span className="visually-hidden">{t("nav.signedInAs")} </span>
        {user.username}
      </span>
      <SiteLink to={account} className="account-nav__login">
        {t("nav.myAccount")}
      </SiteLink>
      {signOut("button button--small")}
    </>
  );
}
