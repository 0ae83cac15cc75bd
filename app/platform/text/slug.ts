/**
 * A slug: lowercase letters and digits in words joined by single hyphens ("tidebound",
 * "gent-office"). The one rule for every slug: content file and folder names, page addresses,
 * API parameters and the careers filters.
 */
export const slugPattern = "[a-z0-9]+(?:-[a-z0-9]+)*";

/** A whole value that is a slug. */
export const slugRegExp = new RegExp(`^${slugPattern}$`);

/** The longest slug an address, a filter or an API parameter may carry. */
export const slugMaxLength = 120;

/**
 * Whether a route or API parameter is a slug within the one length limit: checked before any
 * lookup, so a malformed address is a 404 without a query.
 */
export function isSlug(value: string): boolean {
  return value.length <= slugMaxLength && slugRegExp.test(value);
}
