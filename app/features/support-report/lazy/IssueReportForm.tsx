import type { FormReply } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";
import { useTranslation } from "~/platform/i18n/use-translation";
import { CheckboxSwitch } from "~/ui/forms/CheckboxSwitch";
import { RequiredFieldsNote } from "~/ui/forms/Field";
import { Honeypot } from "~/ui/forms/Honeypot";
import { Select, type SelectOption } from "~/ui/forms/Select";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { Textarea } from "~/ui/forms/Textarea";
import { EmailField, TextField } from "~/ui/forms/TextField";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { issueCategories, issueHoneypot, issuePlatforms } from "../issue-choices";
import { KnownIssueSuggestions, knownIssuesSeenField, type MeTooReply } from "../KnownIssueSuggestions";
import type { KnownIssueView } from "../known-issue-search";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const issueSchema = formSchema(() => import("../issue-form").then((m) => m.issueSchema));

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
      <ValidatedForm
        schema={issueSchema}
        lastResult={lastResult}
        id={issueFormId}
        encType="multipart/form-data"
        action={action}
        label={t("form.title")}
        summary={(fields) =>
          (Object.keys(label) as (keyof typeof label)[]).map((name) => ({
            field: fields[name],
            label: label[name],
          }))
        }
      >
        {(fields, form) => (
          <>
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
                <SubmitButton name={knownIssuesSeenField} value="seen">
                  {t("known.sendAnyway")}
                </SubmitButton>
              ) : (
                <SubmitButton>{t("form.submit")}</SubmitButton>
              )}
            </p>
          </>
        )}
      </ValidatedForm>
    </div>
  );
}
