import { DownloadForm, HeldItemMeta } from "~/features/privacy-requests";
import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";

/** What the page shows of one item (account-data.server.ts `HeldGroup`), dates already in the page's language. */
export type HeldGroupView = {
  kind: string;
  items: Array<{
    id: string;
    label: string;
    createdOn: string;
    deleteOn: string | null;
    status: string | null;
    statusPage: boolean;
  }>;
};

/**
 * The holder's items (routes/account-data.tsx): kind and title, where it stands, when the
 * retention rule deletes it, and Open status page, Download and Delete (asks first; without
 * JavaScript, asking is this page with `?delete=<kind>:<id>`). The account's own item leads to
 * the account deletion page, which asks for the password. Then the whole set as one zip.
 */
export function AccountDataList({
  groups,
  pageHref,
  downloadHref,
  asking,
}: {
  groups: HeldGroupView[];
  pageHref: string;
  downloadHref: string;
  asking: string | null;
}) {
  const { t } = useTranslation("account-data");
  const localize = useLocalizePath();
  const items = groups.flatMap((group) => group.items.map((item) => ({ kind: group.kind, ...item })));
  return (
    <>
      {items.length ? (
        <ul className="privacy-requests__list">
          {items.map((item) => {
            const key = `${item.kind}:${item.id}`;
            const titleId = `held-${item.id}`;
            const what = t("held-data:itemTitle", {
              kind: t(`held-data:kinds.${item.kind}`),
              label: item.label,
            });
            return (
              <li key={key} className="privacy-item" aria-labelledby={titleId}>
                <h2 id={titleId} className="privacy-item__title">
                  {what}
                </h2>
                {item.status ? (
                  <p className="privacy-item__status">
                    <strong>{t("status")}</strong> {item.status}
                  </p>
                ) : null}
                <HeldItemMeta createdOn={item.createdOn} deleteOn={item.deleteOn} />
                <div className="privacy-item__actions">
                  {item.statusPage ? (
                    <form method="post" action={pageHref}>
                      <input type="hidden" name="intent" value="status" />
                      <input type="hidden" name="kind" value={item.kind} />
                      <input type="hidden" name="id" value={item.id} />
                      <button type="submit" className="button button--primary" aria-describedby={titleId}>
                        {t("openStatus")}
                      </button>
                    </form>
                  ) : null}
                  <DownloadForm
                    action={downloadHref}
                    fields={{ kind: item.kind, id: item.id }}
                    label={t("held-data:download")}
                    describedBy={titleId}
                  />
                  {item.kind === "account" ? (
                    <SiteLink className="button" to={localize("/account/delete")} aria-describedby={titleId}>
                      {t("account:delete.title")}
                    </SiteLink>
                  ) : (
                    <ConfirmAction
                      label={t("held-data:delete")}
                      className="button"
                      describedBy={titleId}
                      askHref={`${pageHref}?delete=${encodeURIComponent(key)}`}
                      cancelHref={pageHref}
                      asking={asking === key}
                      title={t("held-data:confirmTitle", { what })}
                      description={t("held-data:confirmBody")}
                      fields={{ intent: "delete", kind: item.kind, id: item.id }}
                      confirmLabel={t("held-data:confirm")}
                      cancelLabel={t("held-data:cancel")}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="privacy-requests__empty">{t("empty")}</p>
      )}
      <section className="privacy-requests__all" aria-labelledby="held-all-title">
        <h2 id="held-all-title">{t("allTitle")}</h2>
        <p>{t("allBody")}</p>
        <p>{t("held-data:outOfReach")}</p>
        <div className="privacy-item__actions">
          <DownloadForm action={downloadHref} fields={{ all: "1" }} label={t("downloadAll")} />
          <SiteLink className="text-link" to={localize("/account/delete")}>
            {t("account:delete.title")}
          </SiteLink>
        </div>
      </section>
    </>
  );
}
