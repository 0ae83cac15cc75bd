import { getFormProps } from "@conform-to/react";
import { Form, useLocation, useNavigation } from "react-router";
import type { FormReply } from "~/platform/forms/parse-form.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { FormErrors } from "~/ui/forms/FormErrors";
import { Honeypot } from "~/ui/forms/Honeypot";
import { PhoneField } from "~/ui/forms/PhoneField";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { useValidatedForm } from "~/ui/forms/use-validated-form";
import { applicationHoneypot, applicationSchema, resumeExtensions, resumeLimits } from "./application-form";

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
  const [form, fields] = useValidatedForm({ schema: applicationSchema, lastResult, id: applicationFormId });
  const busy = useNavigation().state === "submitting";
  return (
    <div className="application">
      <h3 className="application__title" id={`${applicationFormId}-title`}>
        {t("apply.form.title")}
      </h3>
      <RequiredFieldsNote />
      <Form
        method="post"
        encType="multipart/form-data"
        action={`${location.pathname}${location.search}#apply`}
        aria-labelledby={`${applicationFormId}-title`}
        {...getFormProps(form)}
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.name} label={t("apply.form.name")} autoComplete="name" />
        <EmailField field={fields.email} label={t("apply.form.email")} />
        <PhoneField field={fields.phone} legend={t("apply.form.phone")} />
        <UploadWidget
          field={fields.resume}
          label={t("apply.form.resume")}
          limits={resumeLimits}
          accept={resumeExtensions.map((ext) => `.${ext}`).join(",")}
          typesText={t("apply.form.resumeHint")}
          payload={{ purpose: "resume" }}
        />
        <Textarea
          field={fields.coverLetter}
          label={t("apply.form.coverLetter")}
          rows={6}
          autoComplete="off"
        />
        <TextField
          field={fields.portfolio}
          label={t("apply.form.portfolio")}
          hint={t("apply.form.portfolioHint")}
          type="url"
          autoComplete="url"
        />
        <CheckboxSwitch
          field={fields.consent}
          label={t("apply.form.consent", { months: retentionMonths })}
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
