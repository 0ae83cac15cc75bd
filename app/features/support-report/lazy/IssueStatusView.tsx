import type { FormReply } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";
import { SiteLink } from "~/platform/http/prefetch";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { StatusViewProps } from "~/platform/status/view";
import { SubmitButton } from "~/ui/forms/SubmitButton";
import { Textarea } from "~/ui/forms/Textarea";
import { UploadWidget } from "~/ui/forms/UploadWidget";
import { formSchema } from "~/ui/forms/use-validated-form";
import { ValidatedForm } from "~/ui/forms/ValidatedForm";
import { StatusNowCard } from "~/ui/page-kit/StatusCards";

// Loaded when the form is first used (ValidatedForm): Zod stays out of the page's first scripts.
const issueCommentSchema = formSchema(() => import("../issue-form").then((m) => m.issueCommentSchema));

/** What the status page shows of an issue report; dates already in the visitor's language. */
export type IssueStatusData = {
  reference: string;
  gameName: string;
  platform: string;
  category: string;
  status: "received" | "confirmed" | "needsInfo" | "fixed" | "wontFix";
  sentOn: string;
  changedOn: string;
  note: string | null;
  patch: { version: string; title: string; href: string } | null;
  infoAddedOn: string | null;
  /** Each status reached, oldest first (`at` is its ISO time). */
  history: Array<{ status: IssueStatusData["status"]; on: string; at: string }>;
};

export const issueCommentFormId = "issue-comment";

/**
 * An issue report's status page body: where it stands and since when, what the studio asked for,
 * the patch that fixed it (linked to its notes), and its history. While the studio needs
 * information, a comment and one file are sent from here (a plain multipart form without
 * JavaScript; the upload widget sends the file first with it).
 */
export function IssueStatusView({
  data,
  pageUrl,
  uploadLimits: limits,
  lastResult,
}: StatusViewProps<IssueStatusData>) {
  // The comment form posts to this page's action, named by its intent.
  const commentAction = `${pageUrl}?intent=comment`;
  const { t } = useTranslation("support-report");
  const final = data.status === "fixed" || data.status === "wontFix";
  return (
    <>
      <dl className="status-page__facts">
        <div>
          <dt>{t("status.reference")}</dt>
          <dd>{data.reference}</dd>
        </div>
        <div>
          <dt>{t("form.game")}</dt>
          <dd>{data.gameName}</dd>
        </div>
        <div>
          <dt>{t("form.platform")}</dt>
          <dd>{t(`platforms.${data.platform}`)}</dd>
        </div>
        <div>
          <dt>{t("form.category")}</dt>
          <dd>{t(`categories.${data.category}`)}</dd>
        </div>
        <div>
          <dt>{t("status.sent")}</dt>
          <dd>{data.sentOn}</dd>
        </div>
      </dl>
      <div className="status-page__grid">
        <div className="status-page__side">
          <StatusNowCard
            eyebrow={t("status.now")}
            title={t(`status.states.${data.status}.title`)}
            titleId="status-now-title"
            ended={final}
          >
            <p>{t("status.since", { date: data.changedOn })}</p>
            <p>
              {t(`status.states.${data.status}.body`, {
                version: data.patch?.version ?? "",
                date: data.infoAddedOn ?? "",
              })}
            </p>
            {data.status === "received" && data.infoAddedOn ? (
              <p>{t("status.infoAdded", { date: data.infoAddedOn })}</p>
            ) : null}
            {data.note && data.status !== "fixed" ? (
              <p className="status-card__note">
                <strong>{t("status.noteLabel")}: </strong>
                {data.note}
              </p>
            ) : null}
            {data.patch ? (
              <p>
                <SiteLink className="button" to={data.patch.href}>
                  {t("status.patchLink", { version: data.patch.version })}
                </SiteLink>
              </p>
            ) : null}
          </StatusNowCard>
          {data.status === "needsInfo" ? (
            <IssueCommentForm action={commentAction} limits={limits} lastResult={lastResult} />
          ) : null}
        </div>
        <section className="status-page__progress" aria-labelledby="status-history-title">
          <h2 id="status-history-title" className="status-page__subtitle">
            {t("status.historyLabel")}
          </h2>
          <ol className="status-history">
            {data.history.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                <strong>{t(`status.states.${step.status}.title`)}</strong> — {step.on}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

function IssueCommentForm({
  action,
  limits,
  lastResult,
}: {
  action: string;
  limits: UploadLimits;
  lastResult?: FormReply | null | undefined;
}) {
  const { t } = useTranslation("support-report");
  const label = { comment: t("status.comment.label"), attachments: t("form.attachments") };
  return (
    <section className="status-card" aria-labelledby="status-comment-title">
      <h2 id="status-comment-title" className="status-card__title">
        {t("status.comment.title")}
      </h2>
      <p>{t("status.comment.intro")}</p>
      <ValidatedForm
        schema={issueCommentSchema}
        lastResult={lastResult}
        id={issueCommentFormId}
        encType="multipart/form-data"
        action={action}
        className="status-comment"
        summary={(fields) => [
          { field: fields.comment, label: label.comment },
          { field: fields.attachments, label: label.attachments },
        ]}
      >
        {(fields) => (
          <>
            <Textarea field={fields.comment} label={label.comment} autoComplete="off" rows={6} />
            <UploadWidget
              field={fields.attachments}
              label={label.attachments}
              hint={t("form.attachmentsHint")}
              limits={limits}
              payload={{ purpose: "issue-report" }}
            />
            <p>
              <SubmitButton>{t("status.comment.submit")}</SubmitButton>
            </p>
          </>
        )}
      </ValidatedForm>
    </section>
  );
}
