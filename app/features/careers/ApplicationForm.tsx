import type { FormReply } from "~/platform/forms/parse-form.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { Honeypot } from "~/ui/forms/Honeypot";
import { PhoneField } from "~/ui/forms/PhoneField";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { applicationHoneypot, resumeExtensions, resumeLimits } from "./application-limits";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const applicationSchema = formSchema(() => import("./application-form").then((m) => m.applicationSchema));

export const applicationFormId = "job-application";

/**
 * The built-in application form (offers without a recruiting service's page, and open
 * applications): who, résumé, optional cover letter and portfolio, consent to the retention.
 * A real form: without JavaScript the résumé is posted with it and the server answers errors.
 */
export function ApplicationForm({
  lastResult,
  retentionMonths,
}: {
  lastResult?: FormReply | null;
  retentionMonths: number;
}) {
  const { t } = useTranslation("careers");
  // Each label once, for its field and for the error summary.
  const label = {
    name: t("apply.form.name"),
    email: t("apply.form.email"),
    phone: t("apply.form.phone"),
    resume: t("apply.form.resume"),
    coverLetter: t("apply.form.coverLetter"),
    portfolio: t("apply.form.portfolio"),
    consent: t("apply.form.consent", { months: retentionMonths }),
  };
  return (
    <div className="application">
      <h3 className="application__title" id={`${applicationFormId}-title`}>
        {t("apply.form.title")}
      </h3>
      <RequiredFieldsNote />
      <ValidatedForm
        schema={applicationSchema}
        lastResult={lastResult}
        id={applicationFormId}
        encType="multipart/form-data"
        labelledBy={`${applicationFormId}-title`}
        summary={(fields) => [
          { field: fields.name, label: label.name },
          { field: fields.email, label: label.email },
          { field: fields.phone, label: label.phone },
          { field: fields.resume, label: label.resume },
          { field: fields.coverLetter, label: label.coverLetter },
          { field: fields.portfolio, label: label.portfolio },
          { field: fields.consent, label: label.consent },
        ]}
      >
        {(fields) => (
          <>
            <TextField field={fields.name} label={label.name} autoComplete="name" />
            <EmailField field={fields.email} label={label.email} />
            <PhoneField field={fields.phone} legend={label.phone} />
            <UploadWidget
              field={fields.resume}
              label={label.resume}
              limits={resumeLimits}
              accept={resumeExtensions.map((ext) => `.${ext}`).join(",")}
              typesText={t("apply.form.resumeHint")}
              payload={{ purpose: "resume" }}
            />
            <Textarea field={fields.coverLetter} label={label.coverLetter} rows={6} autoComplete="off" />
            <TextField
              field={fields.portfolio}
              label={label.portfolio}
              hint={t("apply.form.portfolioHint")}
              type="url"
              autoComplete="url"
            />
            <CheckboxSwitch
              field={fields.consent}
              label={label.consent}
              hint={t("apply.form.retention", { months: retentionMonths })}
            />
            <Honeypot
              id={fields[applicationHoneypot].id}
              name={applicationHoneypot}
              label={t("apply.form.honeypot")}
            />
            <p>
              <SubmitButton>{t("apply.form.submit")}</SubmitButton>
            </p>
          </>
        )}
      </ValidatedForm>
    </div>
  );
}
