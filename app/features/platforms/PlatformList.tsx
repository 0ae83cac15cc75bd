import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Dialog } from "~/ui/dialog/Dialog";
import { PlatformIcon } from "./PlatformIcon";
import type { PlatformState } from "./platform-links.server";
import type { Platform } from "./platform-names";
import "./platforms.css";

/**
 * The four platforms with their state (SPEC §7). Linking is a form that leaves for the platform's
 * sign-in page; unlinking asks first: in a dialog with JavaScript, on a confirmation reached by
 * a link (`?disconnect=<platform>`) without it.
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
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(confirming);
  useEffect(() => setEnhanced(true), []);
  const name = t(`names.${row.platform}`);
  const headingId = `platform-${row.platform}`;
  const linkedOn = row.linkedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(row.linkedAt),
      )
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
          <a
            className="button button--small"
            href={`${pageUrl}?disconnect=${row.platform}`}
            aria-describedby={headingId}
            onClick={(event) => {
              if (!enhanced) return;
              event.preventDefault();
              setOpen(true);
            }}
          >
            {t("disconnect")}
          </a>
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
      {row.linked ? (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={t("confirm.title", { platform: name })}
          description={t("confirm.body", { platform: name })}
          size="small"
          closeHref={pageUrl}
          actions={
            <Form method="post">
              <input type="hidden" name="platform" value={row.platform} />
              <button type="submit" name="intent" value="disconnect" className="button button--primary">
                {t("confirm.yes")}
              </button>{" "}
              {enhanced ? (
                <button type="button" className="button" onClick={() => setOpen(false)}>
                  {t("confirm.no")}
                </button>
              ) : (
                <a className="button" href={pageUrl}>
                  {t("confirm.no")}
                </a>
              )}
            </Form>
          }
        />
      ) : null}
    </>
  );
}
