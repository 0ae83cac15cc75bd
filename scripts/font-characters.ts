import fs from "node:fs";
import path from "node:path";

/** The Latin face's range, as @fontsource-variable declares it (fonts.css repeats it). */
const latin = [
  [0x20, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2bb, 0x2bc],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
];
const inLatin = (code: number) => latin.some(([from, to]) => code >= from! && code <= to!);

/** The weights the cut body font (Inter) keeps: every weight the stylesheets use. */
export const bodyFontWeights = { min: 400, max: 800 };

export const fontsDir = (root: string) => path.join(root, "app/ui/styles/fonts");

function textFiles(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Of the Latin range, the code points a text file need not hold to be kept: what Intl's
 * formatting and typography may write (no-break and narrow spaces, dashes, quotes, the euro,
 * trade mark, minus). Not the C1 controls, and not the spacing modifier letters (ʻ ʼ ˆ ˚ ˜),
 * which only a text brings.
 */
const keptWithoutText = (code: number) =>
  !(code >= 0x7f && code <= 0x9f) && !(code >= 0x2bb && code <= 0x2dc);

/**
 * The characters the cut fonts keep (scripts/subset-fonts.ts): the Latin face's range but its
 * combining marks and specials (keptWithoutText), and any character in it the content or the
 * catalogs use, sorted.
 */
export function fontCharacters(root: string): string {
  const codes = new Set<number>();
  for (const [from, to] of latin)
    for (let code = from!; code <= to!; code++) if (keptWithoutText(code)) codes.add(code);
  const files = [
    ...textFiles(path.join(root, "content"), /\.(ya?ml|md)$/),
    ...textFiles(path.join(root, "app/platform/i18n/locales"), /\.json$/),
    // Each feature's catalogs (app/features/<name>/locales/<lang>/<namespace>.json).
    ...textFiles(path.join(root, "app/features"), /\.json$/).filter((file) =>
      file.split(path.sep).includes("locales"),
    ),
  ];
  for (const file of files)
    for (const char of fs.readFileSync(file, "utf8")) {
      const code = char.codePointAt(0)!;
      if (inLatin(code)) codes.add(code);
    }
  return String.fromCodePoint(...[...codes].sort((a, b) => a - b));
}
