import type { Config } from "~/platform/config.server";
import type { Db } from "~/platform/db/client.server";
import { readAccountCookies } from "./account-http.server";
import { readSession } from "./sessions.server";

/**
 * The id of the account signed in with the request's cookies, or null: for features that
 * note who did something when someone is signed in (the consent records), without the rest
 * of the session.
 */
export async function signedInAccountId(
  deps: { db: Db; config: Pick<Config, "secureCookies"> },
  cookieHeader: string | null | undefined,
): Promise<string | null> {
  const session = await readSession(deps.db, readAccountCookies(deps.config, cookieHeader).session);
  return session?.user.id ?? null;
}
