import path from "node:path";

/**
 * The tests' own content tree (tests/fixtures/content, see its README): every test that loads
 * content loads this one, never the studio's `content/`, which editors change at will.
 */
export const testContent = path.resolve("tests/fixtures/content");

/**
 * The studio's own content. Only two tests read it, and they assert nothing about what it says:
 * scripts/content-check.test.ts (it loads) and tests/e2e/real-content.e2e.ts (every page of it
 * renders, valid and laid out).
 */
export const studioContent = path.resolve("content");
