import { expect } from "vitest";

/**
 * Asserts `check` of every item of a list that must not be empty: `expect(list.every(check))`
 * passes on an empty list, so a query, filter or page that finds nothing would pass it. A failure
 * names the items that failed the check.
 */
export function expectEach<T>(list: readonly T[], check: (item: T) => boolean, what = "the list") {
  expect(list.length, `${what}: nothing to check`).toBeGreaterThan(0);
  expect(
    list.filter((item) => !check(item)),
    `${what}: the items that fail the check`,
  ).toEqual([]);
}
