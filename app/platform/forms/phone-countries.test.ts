import { getCountries, getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { languages, languageTags } from "~/platform/i18n/languages";
import { isPhoneCountry, phoneCallingCodes } from "./phone-countries";
import { phoneCountryNames } from "./phone-country-names";

describe("phoneCallingCodes", () => {
  it("lists the library's countries and calling codes (regenerate the table after an upgrade)", () => {
    expect([...phoneCallingCodes]).toEqual(getCountries().map((code) => [code, getCountryCallingCode(code)]));
  });

  it("knows a country as the library does", () => {
    for (const value of ["CA", "FR", "ES", "BE", "XX", "ca", "", undefined, 42, "__proto__"])
      expect(isPhoneCountry(value), String(value)).toBe(
        typeof value === "string" && isSupportedCountry(value),
      );
  });
});

describe("phoneCountryNames", () => {
  // The selector's labels come from this table (scripts/phone-country-names.ts regenerates it).
  for (const lang of languages) {
    it(`names every country of the selector in ${lang}, in the table's order`, () => {
      const names = phoneCountryNames[lang].split("|");
      expect(names).toHaveLength(phoneCallingCodes.size);
      expect(names.filter((name) => name.trim() === "")).toEqual([]);
      const codes = [...phoneCallingCodes.keys()];
      const named = new Intl.DisplayNames([languageTags[lang]], { type: "region", fallback: "code" });
      // Spot checks that the names are in the table's order: a shifted list names CA "Cambodia".
      for (const code of ["CA", "FR", "ES", "MX", "ZW"] as const)
        expect(names[codes.indexOf(code)], code).toBe(named.of(code));
    });
  }
});
