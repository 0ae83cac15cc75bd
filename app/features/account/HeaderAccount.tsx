import { type ComponentType, useEffect, useState } from "react";
import type { AccountPartProps } from "~/ui/frame/account-slot";
import { signedInHint } from "./signed-in-hint";

type SignedInPart = ComponentType<AccountPartProps & { hint: string }>;
type Shown = { Part: SignedInPart; hint: string } | null;

/** The signed-in part's code, fetched once, only for a browser that signed in. */
let loaded: SignedInPart | null = null;
const loadSignedInNav = () =>
  import("./SignedInNav").then((module) => {
    loaded = module.SignedInNav;
    return loaded;
  });

/** The signed-in part at once, when its code is here and the hint still is (never on the server). */
function shownNow(): Shown {
  if (!loaded) return null;
  const hint = signedInHint(document.cookie);
  return hint === null ? null : { Part: loaded, hint };
}

/**
 * The header's account part, handed to the frame by the root (ui/frame/account-slot.tsx;
 * docs/decisions/0060): what every page carries is this check of the sign-in hint. Without it
 * (most visitors) `fallback`, the server's "Account", stays and nothing more loads; with it, the
 * signed-in part (SignedInNav) loads and asks who is signed in. The server and the hydration
 * render `fallback` (nothing is loaded before an effect): the page is the same for everyone.
 */
export function HeaderAccount(props: AccountPartProps) {
  const [shown, setShown] = useState<Shown>(shownNow);
  useEffect(() => {
    const hint = signedInHint(document.cookie);
    if (hint === null) return setShown(null);
    if (loaded) return setShown({ Part: loaded, hint });
    let mounted = true;
    loadSignedInNav().then(
      (Part) => {
        if (mounted) setShown({ Part, hint });
      },
      // Its code did not come (offline): "Account" stays.
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, []);
  return shown ? <shown.Part {...props} hint={shown.hint} /> : props.fallback;
}
