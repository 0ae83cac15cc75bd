import { eq } from "drizzle-orm";
import { accountPlatformLinks, accountUsers, consentRecords } from "~/platform/db/schema";
import { definePersonalData } from "~/platform/privacy/personal-data";
import { accountItemKind } from "./account-core.server";

/**
 * The account as personal data (docs/requirements.md#data-rights): its profile, linked platforms
 * and the cookie choices made while signed in. Secrets (password hash, second-factor secret,
 * sessions and e-mailed codes) are not exported. Its password and second factor guard it, which
 * an e-mailed link does not prove: the data-rights page only lists it and sends the visitor to
 * sign in, to /account/data (the download, with the submissions) and /account/delete (the
 * deletion, password first).
 */
export const accountPersonalData = definePersonalData({
  kind: accountItemKind,
  signIn: { data: "/account/data", delete: "/account/delete" },
  async listByEmail(db, email) {
    const rows = await db
      .select({ id: accountUsers.id, username: accountUsers.username, createdAt: accountUsers.createdAt })
      .from(accountUsers)
      .where(eq(accountUsers.email, email.toLowerCase()));
    return rows.map((r) => ({ id: r.id, label: r.username, createdAt: r.createdAt, deleteOn: null }));
  },
  async export(svc, id) {
    const [user] = await svc.db.select().from(accountUsers).where(eq(accountUsers.id, id));
    if (!user) return null;
    const platforms = await svc.db
      .select({
        platform: accountPlatformLinks.platform,
        externalId: accountPlatformLinks.externalId,
        displayName: accountPlatformLinks.displayName,
        linkedAt: accountPlatformLinks.linkedAt,
      })
      .from(accountPlatformLinks)
      .where(eq(accountPlatformLinks.accountId, id));
    const consent = await svc.db
      .select({
        revision: consentRecords.revision,
        effectiveRevision: consentRecords.effectiveRevision,
        providers: consentRecords.providers,
        analytics: consentRecords.analytics,
        method: consentRecords.method,
        gpc: consentRecords.gpc,
        at: consentRecords.createdAt,
      })
      .from(consentRecords)
      .where(eq(consentRecords.accountId, id));
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
        linkedPlatforms: platforms,
        cookieChoices: consent,
      },
      files: [],
    };
  },
});
