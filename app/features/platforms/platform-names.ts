import { accountPlatform } from "./tables";

/**
 * The platforms in the order pages show them, as the database enum lists them. Browser code
 * imports the `Platform` type only, which keeps the database schema out of its bundle.
 */
export const platformOrder: readonly Platform[] = accountPlatform.enumValues;
export type Platform = (typeof accountPlatform.enumValues)[number];
