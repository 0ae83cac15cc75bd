import { eq } from "drizzle-orm";
import type { Db } from "~/platform/db/client.server";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { accountItemKind } from "./account-core.server";
import { eraseAccount } from "./settings.server";
import { accountUsers } from "./tables";

/** What a feature above the account keeps about it, exported under `key` with the profile. */
export type AccountDataPart = {
  key: string;
  read(db: Db, accountId: string): Promise<unknown>;
};

/**
 * The account as personal data (docs/requirements.md#data-rights): its profile, and what other
 * features keep about it (linked platforms, the cookie choices made while signed in) as parts
 * they define and the data-rights registry hands down, so that the account, below them, imports
 * none of them. Secrets (password hash, second-factor secret, sessions and e-mailed codes) are
 * not exported. Its password and second factor guard it, which an e-mailed link does not prove: the data-rights page only lists it and sends the visitor to
 * sign in, to /account/data (the download, with the submissions) and /account/delete (the
 * deletion, password first).
 */
export function accountPersonalData(parts: readonly AccountDataPart[]) {
  return definePersonalData({
    kind: accountItemKind,
    signIn: { data: "/account/data", delete: "/account/delete" },
    async listByEmail(db, email) {
      const rows = await db
        .select({ id: accountUsers.id, username: accountUsers.username, createdAt: accountUsers.createdAt })
        .from(accountUsers)
        .where(eq(accountUsers.email, email.toLowerCase()));
      return rows.map((r) => ({ id: r.id, label: r.username, createdAt: r.createdAt, deleteOn: null }));
    },
    async ids(db) {
      return (await db.select({ id: accountUsers.id }).from(accountUsers)).map((r) => r.id);
    },
    eraseAgain: (svc, id) => eraseAccount(svc, { id }),
    async export(svc, id) {
      const [user] = await svc.db.select().from(accountUsers).where(eq(accountUsers.id, id));
      if (!user) return null;
      return {
        json: {
          profile: {
            id: user.id,
            username: user.username,
            email: user.email,
            emailVerifiedAt: user.emailVerifiedAt,
            dateOfBirth: user.dateOfBirth,
            language: user.language,
            termsVersionAccepted: user.tosVersion,
            phone: user.phone,
            authenticatorApp: user.totpEnabledAt !== null,
            textMessageCodes: user.smsEnabledAt !== null,
            createdAt: user.createdAt,
          },
          ...Object.fromEntries(
            await Promise.all(parts.map(async (part) => [part.key, await part.read(svc.db, id)])),
          ),
        },
        files: [],
      };
    },
  });
}
