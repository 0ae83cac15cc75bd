import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import type { FormReply } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { summaryAction } from "~/ui/forms/error-summary";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { FormErrors } from "~/ui/forms/FormErrors";
import { Honeypot } from "~/ui/forms/Honeypot";
import { Select, type SelectOption } from "~/ui/forms/Select";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { formSchema, useValidatedForm } from "~/ui/forms/use-validated-form";
import { issueCategories, issueHoneypot, issuePlatforms } from "./issue-choices";
import { KnownIssueSuggestions, knownIssuesSeenField, type MeTooReply } from "./KnownIssueSuggestions";
import type { KnownIssueView } from "./known-issue-search";

// Loaded when the form is first used (useValidatedForm): Zod stays out of the page's first scripts.
const issueSchema = formSchema(() => import("./issue-form").then((m) => m.issueSchema));

export const issueFormId = "issue";

/**
 * The problem report (docs/requirements.md#issue-reports): what, which game and platform, an e-mail
 * address and one attachment through the form kit's upload widget (sent to the upload store at once
 * with JavaScript; posted with the form without it). The server answers errors either way.
 */
export function IssueReportForm({
  lastResult,
  games,
  limits,
  retentionMonths,
  action,
  suggestions,
  meToo,
}: {
  lastResult?: FormReply | null;
  games: SelectOption[];
  limits: UploadLimits;
  retentionMonths: number;
  action: string;
  /** Known issues the action found in the typed report (no JavaScript): asked before sending. */
  suggestions?: KnownIssueView[];
  meToo?: MeTooReply;
}) {
  const { t } = useTranslation("support-report");
  const [form, fields, constraints] = useValidatedForm({ schema: issueSchema, lastResult, id: issueFormId });
  const busy = useNavigation().state === "submitting";
  // Each label once, for its field and for the error summary.
  const label = {
    game: t("form.game"),
    category: t("form.category"),
    platform: t("form.platform"),
    email: t("form.email"),
    summary: t("form.summary"),
    description: t("form.description"),
    attachments: t("form.attachments"),
    consent: t("form.consent"),
  };
  return (
    <div className="contact-form">
      <RequiredFieldsNote />
      <Form
        method="post"
        encType="multipart/form-data"
        action={summaryAction(action, form.errorId)}
        aria-label={t("form.title")}
        {...getFormProps(form)}
      >
        {constraints}
        <FormErrors
          id={form.errorId}
          errors={form.errors}
          fields={(Object.keys(label) as (keyof typeof label)[]).map((name) => ({
            field: fields[name],
            label: label[name],
          }))}
        />
        <Select
          field={fields.game}
          label={label.game}
          options={games}
          placeholder={t("form.gamePlaceholder")}
        />
        <div className="contact-form__row">
          <Select
            field={fields.category}
            label={label.category}
            options={issueCategories.map((value) => ({ value, label: t(`categories.${value}`) }))}
            placeholder={t("form.categoryPlaceholder")}
          />
          <Select
            field={fields.platform}
            label={label.platform}
            options={issuePlatforms.map((value) => ({ value, label: t(`platforms.${value}`) }))}
            placeholder={t("form.platformPlaceholder")}
          />
        </div>
        <EmailField field={fields.email} label={label.email} />
        <TextField field={fields.summary} label={label.summary} autoComplete="off" />
        <Textarea
          field={fields.description}
          label={label.description}
          hint={t("form.descriptionHint")}
          autoComplete="off"
          rows={7}
        />
        <UploadWidget
          field={fields.attachments}
          label={label.attachments}
          hint={t("form.attachmentsHint")}
          limits={limits}
          payload={{ purpose: "issue-report" }}
        />
        <CheckboxSwitch
          field={fields.consent}
          label={label.consent}
          hint={t("form.retention", { months: retentionMonths })}
        />
        <Honeypot id={fields[issueHoneypot].id} name={issueHoneypot} label={t("form.honeypot")} />
        <KnownIssueSuggestions formId={form.id} games={games} initial={suggestions} meToo={meToo} />
        {suggestions?.length ? <p className="field__hint">{t("known.attachAgain")}</p> : null}
        <p className="contact-form__actions">
          {suggestions?.length ? (
            <button
              type="submit"
              name={knownIssuesSeenField}
              value="seen"
              className="button button--primary"
              disabled={busy}
            >
              {t("known.sendAnyway")}
            </button>
          ) : (
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("form.submit")}
            </button>
          )}
        </p>
      </Form>
    </div>
  );
}
