import { getInputProps, getSelectProps } from "@conform-to/react";
import type { CountryCode } from "libphonenumber-js";
import { type ReactNode, useRef } from "react";
import { translateMessage } from "~/platform/forms/messages";
import { defaultPhoneCountry, isPhoneCountry, phoneCallingCodes } from "~/platform/forms/phone-countries";
import { phoneCountryNames } from "~/platform/forms/phone-country-names";
import { loadPhoneNumbers, phoneText } from "~/platform/forms/phone-numbers";
import { type Language, languageTags } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { describedBy, type Field, FieldHint, fieldClass, RequiredMark, useFormLanguage } from "./Field";
import type { SelectOption } from "./Select";

const countryLists = new Map<Language, SelectOption[]>();

/**
 * Every country with a numbering plan, named in the page's language: "Canada (+1)". The names
 * come from a table (scripts/phone-country-names.ts says why), the order from the language's
 * collation.
 */
export function phoneCountryOptions(lang: Language): SelectOption[] {
  const cached = countryLists.get(lang);
  if (cached) return cached;
  const names = phoneCountryNames[lang].split("|");
  const collator = new Intl.Collator(languageTags[lang]);
  const list = [...phoneCallingCodes]
    .map(([code, callingCode], index) => ({
      value: code,
      label: `${names[index] ?? code} (+${callingCode})`,
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
  countryLists.set(lang, list);
  return list;
}

/**
 * A phone number as a country selector and the number (docs/requirements.md#forms-and-validation:
 * the result is E.164, see `phoneE164()`). A number typed with + and a country code wins over the
 * selector; once the visitor leaves the number, it is shown in its country's usual layout and the
 * selector follows. The numbering plans (libphonenumber-js) load when the visitor first enters
 * the field, not with the page: the selector is rendered from phone-countries.ts.
 */
export function PhoneField({
  field,
  legend,
  hint,
  defaultCountry = defaultPhoneCountry,
  className,
}: {
  field: Field<{ country?: string; number: string }>;
  legend: ReactNode;
  hint?: ReactNode;
  defaultCountry?: CountryCode;
  className?: string;
}) {
  const { t } = useTranslation("forms");
  const lang = useFormLanguage();
  const { country, number } = field.getFieldset();
  const countryRef = useRef<HTMLSelectElement>(null);
  const messages = [...(field.errors ?? []), ...(country.errors ?? []), ...(number.errors ?? [])].map(
    (message) => translateMessage(t, message),
  );
  const invalid = messages.length > 0;
  const hintText = hint ?? t("phone.hint");
  const legendId = `${field.id}-legend`;
  const { key: countryKey, ...countrySelect } = getSelectProps(country, { ariaAttributes: false });
  const { key: numberKey, ...numberInput } = getInputProps(number, { type: "tel", ariaAttributes: false });
  const initialCountry = isPhoneCountry(country.initialValue) ? country.initialValue : defaultCountry;

  const tidy = async (input: HTMLInputElement) => {
    const typed = input.value;
    const { parsePhoneNumberFromString } = await loadPhoneNumbers();
    // The visitor may have come back to the number while the library loaded: leave it be.
    if (input.value !== typed || document.activeElement === input) return;
    const select = countryRef.current;
    const chosen = isPhoneCountry(select?.value) ? select.value : defaultCountry;
    const parsed = parsePhoneNumberFromString(phoneText(typed), chosen);
    if (!parsed?.isValid()) return;
    if (select && parsed.country) select.value = parsed.country;
    input.value = parsed.formatNational();
  };
  // Loaded as the visitor starts on the number, so the browser checks it when the form is sent.
  const prepare = () => void loadPhoneNumbers().catch(() => undefined);

  return (
    <fieldset
      // The error summary links here (its link then focuses the invalid control inside).
      id={field.id}
      className={fieldClass("phone", invalid, className)}
      aria-labelledby={legendId}
      aria-describedby={describedBy(invalid && field.errorId, field.descriptionId)}
    >
      <legend className="field__label" id={legendId}>
        {legend}
        {number.required ? <RequiredMark /> : null}
      </legend>
      <FieldHint id={field.descriptionId}>{hintText}</FieldHint>
      <div className="phone-parts">
        <div className="phone-parts__country">
          <label className="field__sublabel" htmlFor={country.id}>
            {t("phone.country")}
          </label>
          <div className="select">
            <select
              key={countryKey}
              {...countrySelect}
              ref={countryRef}
              onFocus={prepare}
              defaultValue={initialCountry}
              className="field__control select__control"
              autoComplete="off"
            >
              {phoneCountryOptions(lang).map((option) => (
                // The names are the same table's on both sides, but the order is the runtime's
                // collation (Intl.Collator), which a browser and the server may apply a little
                // differently; each option keeps its code and name together wherever it lands.
                <option key={option.value} value={option.value} suppressHydrationWarning>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="phone-parts__number">
          <label className="field__sublabel" htmlFor={number.id}>
            {t("phone.number")}
          </label>
          <input
            key={numberKey}
            {...numberInput}
            className="field__control"
            autoComplete="tel"
            inputMode="tel"
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(invalid && field.errorId, field.descriptionId)}
            onFocus={prepare}
            onBlur={(event) => void tidy(event.currentTarget).catch(() => undefined)}
          />
        </div>
      </div>
      <div className="field__error" id={field.errorId}>
        {[...new Set(messages)].map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}
