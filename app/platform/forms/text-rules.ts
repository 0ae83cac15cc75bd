/**
 * Characters no text a visitor sends may hold: control characters other than tab, line feed and
 * carriage return (browsers send a textarea's line breaks as CRLF), and lone surrogates (half of
 * a UTF-16 pair, which only a JSON `\uD800` escape can produce). PostgreSQL refuses NUL in text
 * and JSON, and a lone surrogate would be stored as U+FFFD: neither can be kept as typed, so
 * both are refused where input enters, never cleaned silently.
 */
const forbidden = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
const forbiddenEverywhere = new RegExp(forbidden.source, "gu");

export function hasForbiddenCharacters(value: string): boolean {
  return forbidden.test(value);
}

/** At most this many places are named: one is enough to refuse, a few help to correct. */
const maxFound = 20;
const shownMaxLength = 100;

type Place = { name: string; parent?: Place };

/**
 * The names of the places in a parsed body or query (strings, and object keys) that hold a
 * forbidden character, as `field.sub[0]`; empty when there are none. Walks without recursion, so
 * a deeply nested body cannot exhaust the stack. The names are sent back in messages: a bad key
 * shows with U+FFFD in place of its bad characters, and a long name is cut.
 */
export function findForbiddenText(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; place?: Place }> = [{ value }];
  for (let next = pending.pop(); next && found.length < maxFound; next = pending.pop()) {
    const { value: item, place } = next;
    if (typeof item === "string") {
      if (hasForbiddenCharacters(item)) found.push(nameOf(place));
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push({ value: item[index], place: { name: `[${index}]`, parent: place } });
      }
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item).reverse()) {
        const childPlace = { name: place ? `.${key}` : key, parent: place };
        if (hasForbiddenCharacters(key)) found.push(nameOf(childPlace));
        else pending.push({ value: child, place: childPlace });
      }
    }
  }
  return found;
}

/** The dotted name of a place, built from its innermost parts outwards and cut at the limit. */
function nameOf(place: Place | undefined): string {
  const parts: string[] = [];
  for (let at = place; at; at = at.parent) parts.push(at.name);
  const name = parts.reverse().join("").replace(forbiddenEverywhere, "\uFFFD");
  return [...name.slice(0, shownMaxLength * 2)].slice(0, shownMaxLength).join("");
}
