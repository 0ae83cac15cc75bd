import { Form } from "react-router";
import { dateTimeFormat } from "~/platform/i18n/format";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";
import { PlatformIcon } from "./PlatformIcon";
import type { PlatformState } from "./platform-links.server";
import type { Platform } from "./platform-names";
import "./platforms.css";

/**
 * The four platforms with their state (docs/requirements.md#linked-platforms-and-merch). Linking is
 * a form that leaves for the platform's sign-in page; unlinking asks first: in a dialog with
 * JavaScript, on a confirmation reached by a link (`?disconnect=<platform>`) without it.
 */
export function PlatformList({
  rows,
  confirming,
  pageUrl,
}: {
  rows: PlatformState[];
  confirming: Platform | null;
  pageUrl: string;
}) {
  return (
    <ul className="platform-list">
      {rows.map((row) => (
        <li key={row.platform} className={`platform-card${row.linked ? " platform-card--linked" : ""}`}>
          <PlatformCard row={row} confirming={confirming === row.platform} pageUrl={pageUrl} />
        </li>
      ))}
    </ul>
  );
}

function PlatformCard({
  row,
  confirming,
  pageUrl,
}: {
  row: PlatformState;
  confirming: boolean;
  pageUrl: string;
}) {
  const { t, i18n } = useTranslation("platforms");
  const name = t(`names.${row.platform}`);
  const headingId = `platform-${row.platform}`;
  const linkedOn = row.linkedAt
    ? dateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(row.linkedAt))
    : null;
  return (
    <>
      <PlatformIcon platform={row.platform} />
      <div className="platform-card__body">
        <h2 className="platform-card__name" id={headingId}>
          {name}
        </h2>
        <p className="platform-card__status">
          {row.linked ? (
            <>
              <span className="platform-badge platform-badge--linked">{t("status.linked")}</span>{" "}
              {t("status.linkedAs", { name: row.displayName, date: linkedOn })}
            </>
          ) : row.available ? (
            <span className="platform-badge">{t("status.notLinked")}</span>
          ) : (
            <span className="platform-badge platform-badge--off">{t("status.unavailable")}</span>
          )}
        </p>
      </div>
      <div className="platform-card__action">
        {row.linked ? (
          <ConfirmAction
            label={t("disconnect")}
            className="button button--small"
            describedBy={headingId}
            askHref={`${pageUrl}?disconnect=${row.platform}`}
            cancelHref={pageUrl}
            asking={confirming}
            title={t("confirm.title", { platform: name })}
            description={t("confirm.body", { platform: name })}
            fields={{ platform: row.platform, intent: "disconnect" }}
            confirmLabel={t("confirm.yes")}
            cancelLabel={t("confirm.no")}
          />
        ) : row.available ? (
          // A full navigation: the answer sends the browser to the platform's sign-in page.
          <Form method="post" reloadDocument>
            <input type="hidden" name="platform" value={row.platform} />
            <button
              type="submit"
              name="intent"
              value="connect"
              className="button button--primary button--small"
              aria-describedby={headingId}
            >
              {t("connect")}
            </button>
          </Form>
        ) : null}
      </div>
    </>
  );
}
