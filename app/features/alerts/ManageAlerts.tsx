import { type FormEvent, useRef } from "react";
import { useFetcher, useFetchers, useNavigation } from "react-router";
import type { FormReply } from "~/platform/forms/parse-form.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";
import { hydrateLater } from "~/ui/hydrate-later";
import { useHydrated, useInputBeforeHydration } from "~/ui/use-hydrated";
import type { AlertFilterKey } from "./alert-filters";
import type { AlertOptions } from "./lazy/AlertForm";

// The form hydrates once its code has loaded, after the rest of the page (ui/hydrate-later.tsx).
const AlertForm = hydrateLater(() => import("./lazy/AlertForm").then((m) => m.AlertForm));

/**
 * Each alert's box sends itself through a fetcher of its own: boxes used one after the other
 * (or together before the scripts ran) are all sent and saved, where a navigation per box would
 * cancel the one before it.
 */
const togglePrefix = "alert-toggle:";

export type ManagedAlert = {
  id: string;
  name: string;
  active: boolean;
  language: string;
  newsletter: boolean;
} & Record<AlertFilterKey, string | null>;

/**
 * The owner's alerts (docs/requirements.md#job-alerts): loading text while the list reloads, empty
 * text, a checkbox per alert (unchecked = stopped), edit, and remove after a confirmation. Every
 * action is a real form; with JavaScript the checkbox sends itself and the removal asks in a
 * dialog, without it an Apply button and a confirmation step reached by a link do the same. A box
 * ticked or unticked before the page's scripts ran is sent once they have.
 */
export function ManageAlerts({
  alerts,
  options,
  editId,
  removeId,
  pageUrl,
  editResult,
}: {
  alerts: ManagedAlert[];
  options: AlertOptions;
  editId: string | null;
  removeId: string | null;
  pageUrl: string;
  editResult?: FormReply | null;
}) {
  const { t } = useTranslation("alerts");
  // The list is rendered by the server (visits without JavaScript see it at once); after an
  // action the page reloads it, and says so meanwhile.
  const navigating = useNavigation().state === "loading";
  const toggling = useFetchers().some((f) => f.key.startsWith(togglePrefix) && f.state !== "idle");
  const loading = navigating || toggling;
  return (
    <>
      <p className="alert-loading" role="status" hidden={!loading}>
        {loading ? t("manage.loading") : null}
      </p>
      {alerts.length === 0 ? (
        <p className="alert-empty" role="status">
          {t("manage.empty")}
        </p>
      ) : (
        <ul className="alert-list" aria-busy={loading || undefined}>
          {alerts.map((alert) => (
            <li key={alert.id} className="alert-card" id={`alert-${alert.id}`}>
              {editId === alert.id ? (
                <>
                  <h2 className="alert-card__name">{t("manage.editTitle", { name: alert.name })}</h2>
                  <AlertForm
                    mode="edit"
                    id={`alert-edit-${alert.id}`}
                    options={options}
                    defaults={{
                      name: alert.name,
                      language: alert.language,
                      newsletter: alert.newsletter,
                      location: alert.location ?? undefined,
                      team: alert.team ?? undefined,
                      level: alert.level ?? undefined,
                      commitment: alert.commitment ?? undefined,
                    }}
                    lastResult={editResult}
                    hidden={{ intent: "update", alertId: alert.id }}
                    onCancelHref={pageUrl}
                  />
                </>
              ) : (
                <AlertCard
                  alert={alert}
                  options={options}
                  pageUrl={pageUrl}
                  askRemove={removeId === alert.id}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function AlertCard({
  alert,
  options,
  pageUrl,
  askRemove,
}: {
  alert: ManagedAlert;
  options: AlertOptions;
  pageUrl: string;
  askRemove: boolean;
}) {
  const { t } = useTranslation("alerts");
  const enhanced = useHydrated();
  const toggle = useFetcher({ key: `${togglePrefix}${alert.id}` });
  const checkboxId = `alert-active-${alert.id}`;
  const label = (key: AlertFilterKey) =>
    alert[key]
      ? (options[key].find((option) => option.value === alert[key])?.label ?? alert[key])
      : t(`form.any.${key}`);
  // The answer is a redirect to the page with its message: the fetcher follows it as a
  // navigation, once the alert is saved.
  const send = (form: HTMLFormElement | null) =>
    toggle.submit(form, { method: "post", preventScrollReset: true });
  const onToggle = (event: FormEvent<HTMLInputElement>) => {
    if (enhanced) send(event.currentTarget.form);
  };
  const toggleForm = useRef<HTMLFormElement>(null);
  useInputBeforeHydration(toggleForm, (form) => {
    const box = form.elements.namedItem("active");
    if (box instanceof HTMLInputElement && box.checked !== alert.active) send(form);
  });
  return (
    <>
      <div className="alert-card__head">
        <h2 className="alert-card__name">{alert.name}</h2>
        <span className={`alert-status${alert.active ? "" : " alert-status--stopped"}`}>
          {t(alert.active ? "manage.running" : "manage.stopped")}
        </span>
      </div>
      <dl className="alert-card__criteria">
        {(["location", "team", "level", "commitment"] as const).map((key) => (
          <div key={key} style={{ display: "contents" }}>
            <dt>{t(`form.${key}`)}</dt>
            <dd>{label(key)}</dd>
          </div>
        ))}
      </dl>
      <div className="alert-card__actions">
        <toggle.Form ref={toggleForm} method="post" className="alert-card__toggle" preventScrollReset>
          <input type="hidden" name="intent" value="toggle" />
          <input type="hidden" name="alertId" value={alert.id} />
          <input
            // The key resets the box when the server's answer changes the state.
            key={String(alert.active)}
            type="checkbox"
            className="checkbox"
            id={checkboxId}
            name="active"
            defaultChecked={alert.active}
            onChange={onToggle}
          />
          <label htmlFor={checkboxId}>{t("manage.active")}</label>
          {enhanced ? null : (
            <button type="submit" className="button button--small">
              {t("manage.apply")}
            </button>
          )}
        </toggle.Form>
        <a className="button button--small" href={`${pageUrl}?edit=${alert.id}#alert-${alert.id}`}>
          {t("manage.edit")}
        </a>
        <ConfirmAction
          label={t("manage.remove")}
          className="button button--small"
          askHref={`${pageUrl}?remove=${alert.id}#alert-${alert.id}`}
          cancelHref={pageUrl}
          asking={askRemove}
          title={t("manage.removeTitle")}
          description={t("manage.removeConfirm")}
          fields={{ intent: "remove", alertId: alert.id }}
          confirmLabel={t("manage.removeYes")}
          cancelLabel={t("manage.removeNo")}
        />
      </div>
    </>
  );
}
