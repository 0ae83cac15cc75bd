import { getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { birthYears } from "~/platform/forms/birth-years";
import { translateMessage } from "~/platform/forms/messages";
import type { Language } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { fieldMessages } from "./error-summary";
import { describedBy, type Field, FieldHint, fieldClass, RequiredMark, useFormLanguage } from "./Field";

type Part = "month" | "day" | "year";

/** The order people write dates in: month first in English, day first in French and Spanish. */
const partOrder: Record<Language, readonly Part[]> = {
  en: ["month", "day", "year"],
  fr: ["day", "month", "year"],
  es: ["day", "month", "year"],
};

const autoCompletes: Record<Part, string> = { month: "bday-month", day: "bday-day", year: "bday-year" };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Date of birth as three selectors, month, day (1-31) and year (1921 to this year), each
 * required (docs/requirements.md#forms-and-validation). The group shows one message, once: three
 * empty selectors each answer 'Field is required', and three copies of it under one question read
 * as three problems. Which selector is missing shows on the selector itself (aria-invalid, pointing
 * at the group's message). The fieldset carries the field's id: the error summary links to it.
 */
export function DateOfBirthField({
  field,
  legend,
  hint,
  className,
}: {
  field: Field<{ month: string; day: string; year: string }>;
  legend: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("forms");
  const lang = useFormLanguage();
  const parts = field.getFieldset();
  const messages = [...new Set(fieldMessages(field).map((message) => translateMessage(t, message)))];
  const invalid = messages.length > 0;
  const legendId = `${field.id}-legend`;
  const options: Record<Part, { value: string; label: string }[]> = {
    month: range(1, 12).map((month) => ({ value: String(month), label: t(`date.months.${month}`) })),
    day: range(1, 31).map((day) => ({ value: String(day), label: String(day) })),
    year: birthYears().map((year) => ({ value: String(year), label: String(year) })),
  };

  return (
    <fieldset
      id={field.id}
      className={fieldClass("date", invalid, className)}
      aria-labelledby={legendId}
      aria-describedby={describedBy(invalid && field.errorId, hint ? field.descriptionId : undefined)}
    >
      <legend className="field__label" id={legendId}>
        {legend}
        <RequiredMark />
      </legend>
      <FieldHint id={field.descriptionId}>{hint}</FieldHint>
      <div className="date-parts">
        {partOrder[lang].map((part) => {
          const meta = parts[part];
          const partInvalid = Boolean(meta.errors?.length || field.errors?.length);
          const { key, ...select } = getSelectProps(meta, { ariaAttributes: false });
          return (
            <div className={`date-parts__part date-parts__part--${part}`} key={part}>
              <label className="field__sublabel" htmlFor={meta.id}>
                {t(`date.${part}`)}
              </label>
              <div className="select">
                <select
                  key={key}
                  {...select}
                  required
                  className="field__control select__control"
                  autoComplete={autoCompletes[part]}
                  aria-invalid={partInvalid || undefined}
                  aria-describedby={partInvalid ? field.errorId : undefined}
                >
                  {/* A dash, not "Choose…": the part's own label says what to choose, and it fits a phone. */}
                  <option value="">—</option>
                  {options[part].map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          );
        })}
      </div>
      <div className="field__error" id={field.errorId}>
        {messages.map((message) => (
          <p key={message}>{message}</p>
        ))}
      </div>
    </fieldset>
  );
}
