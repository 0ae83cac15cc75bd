import { and, eq } from "drizzle-orm";
import type { AccountDataPart } from "~/features/account/index.server";
import { AccountError } from "~/features/account/index.server";
import type { Db } from "~/platform/db/client.server";
import { uniqueViolation } from "~/platform/db/sql-errors";
import { configuredPlatforms, type Platform, type PlatformsConfig } from "./platform-config.server";
import { platformOrder } from "./platform-names";
import { accountPlatformLinks } from "./tables";

/** A platform as the account sees it: configured on this site or not, and linked as whom. */
export type PlatformState = {
  platform: Platform;
  available: boolean;
  linked: boolean;
  displayName: string | null;
  linkedAt: string | null;
};

/** Every platform in page order, for the platforms page and `GET /api/account/platforms`. */
export async function platformStates(
  db: Db,
  config: PlatformsConfig,
  accountId: string,
): Promise<PlatformState[]> {
  const rows = await db
    .select()
    .from(accountPlatformLinks)
    .where(eq(accountPlatformLinks.accountId, accountId));
  const links = new Map(rows.map((link) => [link.platform, link]));
  const on = new Set(configuredPlatforms(config));
  return platformOrder.map((platform) => {
    const link = links.get(platform);
    return {
      platform,
      available: on.has(platform),
      linked: link !== undefined,
      displayName: link?.displayName ?? null,
      linkedAt: link?.linkedAt.toISOString() ?? null,
    };
  });
}

/** The account a platform identity is linked to, if any (platform sign-in). */
export async function accountIdFor(
  db: Db,
  platform: Platform,
  externalId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ accountId: accountPlatformLinks.accountId })
    .from(accountPlatformLinks)
    .where(and(eq(accountPlatformLinks.platform, platform), eq(accountPlatformLinks.externalId, externalId)))
    .limit(1);
  return row?.accountId;
}

/**
 * Links a platform identity to the account. One platform once per account
 * (PLATFORM_ALREADY_LINKED) and one identity for one account (PLATFORM_ID_IN_USE); the
 * database's unique keys decide, so two racing links cannot both succeed.
 */
export async function addLink(
  db: Db,
  link: { accountId: string; platform: Platform; externalId: string; displayName: string },
  now = new Date(),
): Promise<void> {
  try {
    await db.insert(accountPlatformLinks).values({ ...link, linkedAt: now });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === undefined) throw err;
    throw new AccountError(
      409,
      constraint === "account_platform_links_identity" ? "PLATFORM_ID_IN_USE" : "PLATFORM_ALREADY_LINKED",
    );
  }
}

/**
 * Unlinks (disconnect, docs/requirements.md#linked-platforms-and-merch); PLATFORM_NOT_LINKED when
 * there was nothing to unlink.
 */
export async function removeLink(db: Db, accountId: string, platform: Platform): Promise<void> {
  const removed = await db
    .delete(accountPlatformLinks)
    .where(and(eq(accountPlatformLinks.accountId, accountId), eq(accountPlatformLinks.platform, platform)))
    .returning({ platform: accountPlatformLinks.platform });
  if (removed.length === 0) throw new AccountError(404, "PLATFORM_NOT_LINKED");
}

export async function hasLink(db: Db, accountId: string, platform: Platform): Promise<boolean> {
  const [row] = await db
    .select({ platform: accountPlatformLinks.platform })
    .from(accountPlatformLinks)
    .where(and(eq(accountPlatformLinks.accountId, accountId), eq(accountPlatformLinks.platform, platform)))
    .limit(1);
  return Boolean(row);
}

/** The account's linked platforms, as its personal-data export shows them. */
export const linkedPlatformsPart: AccountDataPart = {
  key: "linkedPlatforms",
  read: (db, accountId) =>
    db
      .select({
        platform: accountPlatformLinks.platform,
        externalId: accountPlatformLinks.externalId,
        displayName: accountPlatformLinks.displayName,
        linkedAt: accountPlatformLinks.linkedAt,
      })
      .from(accountPlatformLinks)
      .where(eq(accountPlatformLinks.accountId, accountId)),
};
