/**
 * Accent and case folding, the one rule every search compares text by: "Łódź" and "lodz",
 * "Æther" and "aether", "Straße" and "strasse" are the same words. The database side is
 * `foldSql` (fold-sql.server.ts), built from this function so both sides agree.
 */

/** Letters that are not a base letter plus marks, so Unicode decomposition leaves them whole. */
export const specialLetters: Readonly<Record<string, string>> = {
  æ: "ae",
  œ: "oe",
  ß: "ss",
  þ: "th",
  ø: "o",
  ł: "l",
  đ: "d",
  ð: "d",
  ħ: "h",
  ı: "i",
  ŧ: "t",
};

const specialPattern = new RegExp(`[${Object.keys(specialLetters).join("")}]`, "gu");

/** Lower case, compatibility-decomposed (NFKD: "ﬁ" → "fi"), without marks, special letters opened. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(specialPattern, (letter) => specialLetters[letter] ?? letter);
}

/**
 * The distinct folded words of a visitor's query, in order: anything but a letter or a digit
 * separates words. Only the first `maxLength` characters are read and at most `maxWords` words
 * kept, so a long query costs no more than a short one.
 */
export function queryWords(query: string, limits: { maxLength: number; maxWords: number }): string[] {
  const words = fold(query.slice(0, limits.maxLength))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, limits.maxWords);
}

/** The folded text as a slug of ASCII letters and digits joined by `separator` ("" when none). */
export function asciiSlug(text: string, separator = "-"): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replaceAll(" ", separator);
}
