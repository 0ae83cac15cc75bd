import type { FormReply } from "~/platform/forms/parse-form.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { DateOfBirthField } from "~/ui/forms/DateOfBirthField";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { PhoneField } from "~/ui/forms/PhoneField";
import { Select } from "~/ui/forms/Select";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { signUpFormAnchor } from "../PlaytestSections";
import { playtestCommitments } from "../signup-commitments";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const playtestSignupSchema = formSchema(() => import("../signup-form").then((m) => m.playtestSignupSchema));

export const signupFormId = "playtest-signup";

/**
 * The sign-up form (docs/requirements.md#playtesting): who, where, date of birth, the four
 * commitments and the consent to the stated use and retention. A real form: without JavaScript the
 * server answers the errors.
 */
export function SignupForm({
  lastResult,
  locations,
  retentionMonths,
  defaultLocation,
}: {
  lastResult?: FormReply | null;
  locations: Array<{ value: string; label: string }>;
  retentionMonths: number;
  defaultLocation?: string;
}) {
  const { t } = useTranslation("playtesting");
  // Each label once, for its field and for the error summary.
  const label = {
    name: t("form.name"),
    email: t("form.email"),
    phone: t("form.phone"),
    location: t("form.location"),
    dateOfBirth: t("form.dateOfBirth"),
    consent: t("form.consent", { months: retentionMonths }),
  };
  return (
    <div className="playtest-signup" id={signUpFormAnchor}>
      <h3 className="playtest-signup__title" id={`${signupFormId}-title`}>
        {t("form.title")}
      </h3>
      <p>{t("form.intro")}</p>
      <RequiredFieldsNote />
      <ValidatedForm
        schema={playtestSignupSchema}
        lastResult={lastResult}
        id={signupFormId}
        defaultValue={defaultLocation ? { location: defaultLocation as never } : undefined}
        labelledBy={`${signupFormId}-title`}
        summary={(fields) => [
          { field: fields.name, label: label.name },
          { field: fields.email, label: label.email },
          { field: fields.phone, label: label.phone },
          { field: fields.location, label: label.location },
          { field: fields.dateOfBirth, label: label.dateOfBirth },
          ...playtestCommitments.map((key) => ({ field: fields[key], label: t(`form.${key}`) })),
          { field: fields.consent, label: label.consent },
        ]}
      >
        {(fields) => (
          <>
            <TextField field={fields.name} label={label.name} autoComplete="name" />
            <EmailField field={fields.email} label={label.email} />
            <PhoneField field={fields.phone} legend={label.phone} />
            <Select
              field={fields.location}
              label={label.location}
              options={locations}
              placeholder={t("form.locationPlaceholder")}
            />
            <DateOfBirthField field={fields.dateOfBirth} legend={label.dateOfBirth} />
            <fieldset className="playtest-signup__commitments">
              <legend className="field__label">{t("form.commitments")}</legend>
              <p className="field__hint">{t("form.commitmentsHint")}</p>
              {playtestCommitments.map((key) => (
                <CheckboxSwitch key={key} field={fields[key]} label={t(`form.${key}`)} />
              ))}
            </fieldset>
            <CheckboxSwitch
              field={fields.consent}
              label={label.consent}
              hint={t("form.retention", { months: retentionMonths })}
            />
            <p>
              <SubmitButton>{t("form.submit")}</SubmitButton>
            </p>
          </>
        )}
      </ValidatedForm>
    </div>
  );
}
