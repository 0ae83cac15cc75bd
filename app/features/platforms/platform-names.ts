/**
 * The platforms in the order pages show them (the database enum lists the same names:
 * platform/db/schema/platforms.ts). Shared by the browser and the server.
 */
export const platformOrder = ["steam", "twitch", "galaxy", "ggp"] as const;
export type Platform = (typeof platformOrder)[number];
