import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { translateMessage } from "~/platform/forms/messages";
import { defaultLanguage, isLanguage, type Language } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";

/**
 * The parts every field shares (docs/requirements.md#forms-and-validation): a label with a red
 * asterisk when required, a hint, a per-field error area, and the aria wiring between them.
 */

/** A field of any shape, as Conform's `useForm` hands it out. */
// biome-ignore lint/suspicious/noExplicitAny: field components accept any form's fields.
export type Field<Value = any> = FieldMetadata<Value, any, string[]>;

/** The page's language, read from i18n so the kit also renders outside a route (tests, fixtures). */
export function useFormLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

export function hasErrors(field: Pick<Field, "errors">): boolean {
  return Boolean(field.errors?.length);
}

/** `aria-describedby` of a control: its error (when shown) and its hint (when given). */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

/** The red asterisk, with words for those who do not see it. */
export function RequiredMark() {
  const { t } = useTranslation("forms");
  return (
    <span className="field__required">
      <span aria-hidden="true">*</span>
      <span className="visually-hidden"> {t("field.required")}</span>
    </span>
  );
}

/** Explains the asterisk once per form (WCAG 3.3.2). */
export function RequiredFieldsNote() {
  const { t } = useTranslation("forms");
  return <p className="form-note">{t("field.requiredNote")}</p>;
}

export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="field__label" htmlFor={htmlFor} id={id}>
      {children}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

export function FieldHint({ id, children }: { id: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="field__hint" id={id}>
      {children}
    </p>
  );
}

/**
 * The field's error area: always in the page, empty (and not shown) while the field is valid,
 * filled with the translated messages when it is not.
 */
export function FieldErrors({ id, errors }: { id: string; errors?: readonly string[] }) {
  const { t } = useTranslation("forms");
  return (
    <div className="field__error" id={id}>
      {errors?.map((message) => (
        <p key={message}>{translateMessage(t, message)}</p>
      ))}
    </div>
  );
}

export function fieldClass(kind: string, invalid: boolean, className?: string): string {
  return ["field", `field--${kind}`, invalid ? "field--invalid" : "", className ?? ""]
    .filter(Boolean)
    .join(" ");
}
