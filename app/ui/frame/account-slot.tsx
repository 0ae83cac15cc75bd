import { type ComponentType, createContext, type ReactNode, useContext } from "react";

/**
 * Where the header's account part goes (the main bar at 970 px and wider, the open mobile
 * menu). Every public page is the same HTML for everyone, signed in or not
 * (docs/decisions/0060-signed-in-visitors-share-public-pages.md), so the server always renders
 * `fallback` (the "Account" link, which leads to sign-in when needed); in the browser the app's
 * root hands down, through `AccountSlot`, what replaces it for a signed-in visitor once the page
 * has loaded. The frame knows no account: it only gives the place.
 */
export type AccountPartProps = { placement: "bar" | "menu"; fallback: ReactNode };

export const AccountSlot = createContext<ComponentType<AccountPartProps> | null>(null);

export function AccountPart(props: AccountPartProps) {
  const Part = useContext(AccountSlot);
  return Part ? <Part {...props} /> : props.fallback;
}
