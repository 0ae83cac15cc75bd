import { getFormProps } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import type { FormReply } from "~/platform/forms/parse-form.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { summaryAction } from "~/ui/forms/error-summary";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { FormErrors } from "~/ui/forms/FormErrors";
import { Honeypot } from "~/ui/forms/Honeypot";
import { PhoneField } from "~/ui/forms/PhoneField";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { formSchema, useValidatedForm } from "~/ui/forms/use-validated-form";
import { applicationHoneypot, resumeExtensions, resumeLimits } from "./application-limits";

// Loaded when the form is first used (useValidatedForm): Zod stays out of the page's first scripts.
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
  const location = useLocation();
  const [form, fields, constraints] = useValidatedForm({
    schema: applicationSchema,
    lastResult,
    id: applicationFormId,
  });
  const busy = useNavigation().state === "submitting";
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
      <Form
        method="post"
        encType="multipart/form-data"
        action={summaryAction(`${location.pathname}${location.search}`, form.errorId)}
        aria-labelledby={`${applicationFormId}-title`}
        {...getFormProps(form)}
      >
        {constraints}
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          fields={[
            { field: fields.name, label: label.name },
            { field: fields.email, label: label.email },
            { field: fields.phone, label: label.phone },
            { field: fields.resume, label: label.resume },
            { field: fields.coverLetter, label: label.coverLetter },
            { field: fields.portfolio, label: label.portfolio },
            { field: fields.consent, label: label.consent },
          ]}
        />
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
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("apply.form.submit")}
          </button>
        </p>
      </Form>
    </div>
  );
}
