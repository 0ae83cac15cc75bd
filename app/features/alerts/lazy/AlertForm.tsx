import type { FormReply } from "~/platform/forms/parse-form.server";
import { languages } from "~/platform/i18n/languages";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { Honeypot } from "~/ui/forms/Honeypot";
import { Select } from "~/ui/forms/Select";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { type AlertFilterKey, alertFilterKeys } from "../alert-filters";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const alertCreateSchema = formSchema(() => import("../alert-form").then((m) => m.alertCreateSchema));
const alertCriteriaSchema = formSchema(() => import("../alert-form").then((m) => m.alertCriteriaSchema));

export type AlertOptions = Record<AlertFilterKey, Array<{ value: string; label: string }>>;
export type AlertFormValues = Partial<Record<AlertFilterKey | "name" | "language", string>> & {
  newsletter?: boolean;
};

/**
 * The alert's fields (docs/requirements.md#job-alerts). `mode="create"` adds the address and a
 * honeypot; `"edit"` is the same criteria for an existing alert, posted with its id. A real form:
 * the server re-renders it with the same translated errors when JavaScript is off.
 */
export function AlertForm({
  mode,
  id,
  options,
  defaults,
  lastResult,
  hidden,
  onCancelHref,
}: {
  mode: "create" | "edit";
  id: string;
  options: AlertOptions;
  defaults: AlertFormValues;
  lastResult?: FormReply | null;
  /** Extra fields the action needs (intent, alert id). */
  hidden?: Record<string, string>;
  onCancelHref?: string;
}) {
  const { t } = useTranslation("alerts");
  const schema = mode === "create" ? alertCreateSchema : alertCriteriaSchema;
  // The filters' fields (and the address, on create) by name: the two schemas differ there.
  const filterFields = <Fields extends { name: unknown }>(fields: Fields) =>
    fields as unknown as Record<string, Fields["name"]>;
  return (
    <ValidatedForm
      schema={schema}
      lastResult={lastResult}
      id={id}
      defaultValue={{ ...defaults, newsletter: defaults.newsletter ? "on" : undefined } as never}
      className="alert-form"
      prelude={
        <>
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <RequiredFieldsNote />
        </>
      }
      summary={(fields) => {
        const all = filterFields(fields);
        return [
          { field: fields.name, label: t("form.name") },
          ...(mode === "create" ? [{ field: all.email!, label: t("form.email") }] : []),
          ...alertFilterKeys.map((key) => ({ field: all[key]!, label: t(`form.${key}`) })),
          { field: fields.language, label: t("form.language") },
          { field: fields.newsletter, label: t("form.newsletter") },
        ];
      }}
    >
      {(fields) => {
        const all = filterFields(fields);
        return (
          <>
            <TextField
              field={fields.name}
              label={t("form.name")}
              hint={t("form.nameHint")}
              autoComplete="off"
            />
            {mode === "create" ? <EmailField field={all.email!} label={t("form.email")} /> : null}
            <div className="alert-form__grid">
              {alertFilterKeys.map((key) => (
                <Select
                  key={key}
                  field={all[key]!}
                  label={t(`form.${key}`)}
                  options={options[key]}
                  placeholder={t(`form.any.${key}`)}
                />
              ))}
            </div>
            <Select
              field={fields.language}
              label={t("form.language")}
              options={languages.map((lang) => ({ value: lang, label: t(`form.languages.${lang}`) }))}
            />
            <CheckboxSwitch
              field={fields.newsletter}
              label={t("form.newsletter")}
              hint={t("form.newsletterHint")}
            />
            {mode === "create" ? (
              <Honeypot id={`${id}-website`} name="website" label={t("form.website")} />
            ) : null}
            <p className="alert-form__actions">
              <SubmitButton>{t(mode === "create" ? "form.submit" : "form.save")}</SubmitButton>
              {onCancelHref ? (
                <a className="button" href={onCancelHref}>
                  {t("form.cancel")}
                </a>
              ) : null}
            </p>
            {mode === "create" ? <p className="field__hint">{t("form.privacy")}</p> : null}
          </>
        );
      }}
    </ValidatedForm>
  );
}
