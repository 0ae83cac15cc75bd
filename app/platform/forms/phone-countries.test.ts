import { getCountries, getCountryCallingCode, isSupportedCountry } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { isPhoneCountry, phoneCallingCodes } from "./phone-countries";

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
