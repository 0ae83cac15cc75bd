import { SiteLink } from "~/platform/http/prefetch";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { ConfirmAction } from "~/ui/dialog/ConfirmAction";
import { DownloadForm } from "./DownloadForm";
import { HeldItemMeta } from "./HeldItemMeta";

export type PersonalGroupView = {
  kind: string;
  items: Array<{ id: string; label: string; createdOn: string; deleteOn: string | null }>;
};

/** What a sign-in guards (the account): its name and day, and the signed-in pages (English paths). */
export type SignInItemView = {
  kind: string;
  label: string;
  createdOn: string;
  pages: { data: string; delete: string };
};

/**
 * Everything tied to an address (routes/privacy-requests-token.tsx): first what a sign-in guards
 * (the account), with links to the signed-in pages that download and delete it, since the link
 * alone does neither; then each submission with Download and Delete (asks first), and the same
 * for all of them. Without JavaScript, asking is this page with `?delete=<kind>:<id>` (or `all`).
 */
export function PersonalDataList({
  groups,
  signIn,
  pageHref,
  downloadHref,
  asking,
}: {
  groups: PersonalGroupView[];
  signIn: SignInItemView[];
  pageHref: string;
  downloadHref: string;
  asking: string | null;
}) {
  const { t } = useTranslation("privacy");
  const localize = useLocalizePath();
  if (!groups.length && !signIn.length) {
    return <p className="privacy-requests__empty">{t("page.empty")}</p>;
  }
  return (
    <>
      <ul className="privacy-requests__list">
        {signIn.map((item, index) => {
          const titleId = `signin-${index}`;
          return (
            <li key={`${item.kind}:${item.label}`} className="privacy-item" aria-labelledby={titleId}>
              <h2 id={titleId} className="privacy-item__title">
                {t("held-data:itemTitle", { kind: t(`held-data:kinds.${item.kind}`), label: item.label })}
              </h2>
              <p className="privacy-item__meta">{t("page.signInCreatedOn", { date: item.createdOn })}</p>
              <p>{t("page.signInBody")}</p>
              <div className="privacy-item__actions">
                <SiteLink
                  className="button button--primary"
                  to={localize(item.pages.data)}
                  aria-describedby={titleId}
                >
                  {t("page.signInData")}
                </SiteLink>
                <SiteLink className="button" to={localize(item.pages.delete)} aria-describedby={titleId}>
                  {t("page.signInDelete")}
                </SiteLink>
              </div>
            </li>
          );
        })}
        {groups.flatMap((group) =>
          group.items.map((item) => {
            const key = `${group.kind}:${item.id}`;
            const titleId = `item-${item.id}`;
            return (
              <li key={key} className="privacy-item" aria-labelledby={titleId}>
                <h2 id={titleId} className="privacy-item__title">
                  {t("held-data:itemTitle", { kind: t(`held-data:kinds.${group.kind}`), label: item.label })}
                </h2>
                <HeldItemMeta createdOn={item.createdOn} deleteOn={item.deleteOn} />
                <div className="privacy-item__actions">
                  <DownloadForm
                    action={downloadHref}
                    fields={{ kind: group.kind, id: item.id }}
                    label={t("held-data:download")}
                    describedBy={titleId}
                  />
                  <ConfirmAction
                    label={t("held-data:delete")}
                    className="button"
                    describedBy={titleId}
                    askHref={`${pageHref}?delete=${encodeURIComponent(key)}`}
                    cancelHref={pageHref}
                    asking={asking === key}
                    title={t("held-data:confirmTitle", {
                      what: t("held-data:itemTitle", {
                        kind: t(`held-data:kinds.${group.kind}`),
                        label: item.label,
                      }),
                    })}
                    description={t("held-data:confirmBody")}
                    fields={{ intent: "delete", kind: group.kind, id: item.id }}
                    confirmLabel={t("held-data:confirm")}
                    cancelLabel={t("held-data:cancel")}
                  />
                </div>
              </li>
            );
          }),
        )}
      </ul>
      {groups.length ? (
        <section className="privacy-requests__all" aria-labelledby="privacy-all-title">
          <h2 id="privacy-all-title">{t("page.allTitle")}</h2>
          {signIn.length ? <p>{t("page.allButSignIn")}</p> : null}
          <p>{t("held-data:outOfReach")}</p>
          <div className="privacy-item__actions">
            <DownloadForm action={downloadHref} fields={{ all: "1" }} label={t("page.downloadAll")} />
            <ConfirmAction
              label={t("page.deleteAll")}
              className="button button--primary"
              askHref={`${pageHref}?delete=all`}
              cancelHref={pageHref}
              asking={asking === "all"}
              title={t("page.confirmAllTitle")}
              description={t("page.confirmAllBody")}
              fields={{ intent: "deleteAll" }}
              confirmLabel={t("page.confirmAll")}
              cancelLabel={t("held-data:cancel")}
            />
          </div>
        </section>
      ) : null}
    </>
  );
}
