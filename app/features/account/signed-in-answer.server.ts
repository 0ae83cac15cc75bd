import type { Db } from "~/platform/db/client.server";
import { sha256 } from "./secrets.server";
import { readSession } from "./sessions.server";

/** What GET /api/account/me answers a live session: its name for the header, and its end. */
export type SignedInAnswer = { user: { username: string }; expire: string };

/**
 * The header's account answer (GET /api/account/me), kept a few seconds per session in this
 * process: every signed-in page view that is the first of its tab asks it, and the session
 * lookup was most of its cost (bench/README.md, decision 0060). A name changed or a session
 * ended shows in the header at most `keptMs` later; nothing but the header reads it (the account
 * area and every write look the session up themselves). Only live sessions are kept, at most
 * `maxEntries`, the oldest going first.
 */
export function signedInAnswers(db: Db, options: { keptMs?: number; maxEntries?: number } = {}) {
  const keptMs = options.keptMs ?? 5_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const kept = new Map<string, { answer: SignedInAnswer; until: number }>();
  return async (token: string | undefined, now = Date.now()): Promise<SignedInAnswer | null> => {
    if (!token || token.length > 100) return null;
    const key = sha256(token);
    const hit = kept.get(key);
    if (hit && hit.until > now && Date.parse(hit.answer.expire) > now) return hit.answer;
    kept.delete(key);
    const session = await readSession(db, token, new Date(now));
    if (!session) return null;
    const answer = { user: { username: session.user.username }, expire: session.expiresAt.toISOString() };
    if (kept.size >= maxEntries) kept.delete(kept.keys().next().value as string);
    kept.set(key, { answer, until: now + keptMs });
    return answer;
  };
}
