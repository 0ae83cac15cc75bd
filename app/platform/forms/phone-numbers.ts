import type { CountryCode } from "libphonenumber-js";

// libphonenumber-js as the phone field and the phone schema (phone.ts) use it: provided on the
// server, loaded on first use in a browser. Apart from the schema so PhoneField, which renders
// before any schema has loaded, does not bring Zod into the page.

type PhoneNumbers = Pick<typeof import("libphonenumber-js"), "parsePhoneNumberFromString">;

let phoneNumbers: PhoneNumbers | undefined;
let loading: Promise<PhoneNumbers> | undefined;

/** The server's copy of the library, provided once at start (phone-numbers.server.ts). */
export function providePhoneNumbers(library: PhoneNumbers): void {
  phoneNumbers = library;
}

/** The library, loaded on first call (in a browser: when a phone field is first used). */
export function loadPhoneNumbers(): Promise<PhoneNumbers> {
  if (phoneNumbers) return Promise.resolve(phoneNumbers);
  loading ??= import("libphonenumber-js").then((library) => {
    phoneNumbers = library;
    return library;
  });
  return loading;
}

/**
 * The library if loaded. Only a browser may be without it (the form then leaves the number to
 * the server): on the server a missing library is a bug, never a number let through unchecked.
 */
export function loadedPhoneNumbers(): PhoneNumbers | undefined {
  if (!phoneNumbers && typeof document === "undefined")
    throw new Error("libphonenumber-js was not provided (import ~/platform/forms/phone-numbers.server)");
  return phoneNumbers;
}

/** The text as the library reads it: 00 for + in front of an international number. */
export const phoneText = (input: string) => input.trim().replace(/^00\s*(?=\d)/, "+");

/**
 * E.164 for a number typed in any usual way: international ("+1 418 555 0134", "00 32 9 …")
 * whatever the country, or national ("(418) 555-0134") read in `country`. Undefined when the
 * text is not a valid number. Needs the library (provided on the server, loaded in a browser).
 */
export function normalizePhone(input: string, country?: CountryCode): string | undefined {
  const library = loadedPhoneNumbers();
  if (!library) throw new Error("libphonenumber-js is not loaded yet (loadPhoneNumbers())");
  const text = phoneText(input);
  if (!/^[+\d\s().\-/]+$/.test(text)) return undefined;
  const parsed = library.parsePhoneNumberFromString(text, country);
  return parsed?.isValid() ? parsed.number : undefined;
}
