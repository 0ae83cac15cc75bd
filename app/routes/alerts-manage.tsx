import { ManageAlerts, type ManagedAlert } from "~/features/alerts";
import {
  alertByToken,
  alertCriteriaSchema,
  alertDictionaries,
  alertFormTexts,
  alertManageLimit,
  changeAlertCriteria,
  confirmAlert,
  listOwnedAlerts,
  managedAlert,
  ownedAlert,
  removeAlert,
  setAlertActive,
} from "~/features/alerts/index.server";
import { loadPageSeo } from "~/features/studio/index.server";
import "~/features/alerts/alerts.css";
import { data, Form, redirect } from "react-router";
import { noStore } from "~/platform/cache/page-headers";
import { parseForm, readForm } from "~/platform/forms/parse-form.server";
import { toFormReply } from "~/platform/http/outcome.server";
import { SiteLink } from "~/platform/http/prefetch";
import { consumeFormLimit } from "~/platform/http/route-limits.server";
import { safeLocalPath } from "~/platform/http/same-origin";
import { localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { useTranslation } from "~/platform/i18n/use-translation";
import { servicesContext } from "~/platform/request-context";
import { pageMeta } from "~/platform/seo/page-meta";
import { routeLanguage } from "~/platform/seo/page-seo.server";
import { redirectWithFlash } from "~/ui/feedback/flash.server";
import type { Route } from "./+types/alerts-manage";

/**
 * The private management link of the e-mails. The token is in the path, so this page never
 * sends a Referer to another site (its links would leak it) and is never cached or indexed.
 * "same-origin", not "no-referrer": under no-referrer the browser posts `Origin: null` and
 * React Router refuses the page's own forms when JavaScript is off. GET changes
 * nothing: a mail scanner opening the link confirms nothing; the Confirm button is a POST.
 */
export const headers: Route.HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  ...noStore,
  "X-Robots-Tag": "noindex",
});

const toManaged = (a: ManagedAlert): ManagedAlert => ({
  id: a.id,
  name: a.name,
  active: a.active,
  language: a.language,
  newsletter: a.newsletter,
  location: a.location,
  team: a.team,
  level: a.level,
  commitment: a.commitment,
});

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const t = await translator(lang, "alerts");
  const seo = await loadPageSeo(args, "alerts", { title: t("manage.title") });
  const via = await alertByToken(db, args.params.id, args.params.token);
  const pageUrl = localizePath(`/alerts/manage/${args.params.id}/${args.params.token}`, lang);
  if (!via) return data({ seo, state: "invalid" as const, pageUrl }, { status: 404 });
  if (!via.confirmedAt) return { seo, state: "confirm" as const, pageUrl, name: via.name };
  const query = new URL(args.request.url).searchParams;
  const stopId = query.get("stop");
  const stopping = stopId ? await ownedAlert(db, via, stopId) : null;
  return {
    seo,
    state: "list" as const,
    pageUrl,
    options: await alertDictionaries(db, lang),
    alerts: (await listOwnedAlerts(db, via)).map(toManaged),
    editId: query.get("edit"),
    removeId: query.get("remove"),
    stop: stopping ? { id: stopping.id, name: stopping.name, active: stopping.active } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const services = args.context.get(servicesContext);
  const { db, config } = services;
  const lang = routeLanguage(args.params);
  await consumeFormLimit(args.context, alertManageLimit);
  const link = { id: args.params.id, token: args.params.token };
  const pageUrl = localizePath(`/alerts/manage/${link.id}/${link.token}`, lang);
  // The buttons' fields; the edit form's are its schema's (parseForm, below).
  const form = await readForm(args.request, { only: ["intent", "alertId", "active"] });
  const intent = String(form.get("intent") ?? "");
  if (intent === "confirm") {
    const via = await alertByToken(db, link.id, link.token);
    if (!via) throw data({ messages: ["NOT_FOUND"] }, { status: 404 });
    await confirmAlert(db, via);
    return redirectWithFlash(pageUrl, { kind: "success", messages: ["alerts:manage.confirmed"] }, config);
  }
  const managed = await managedAlert(db, link, String(form.get("alertId") ?? ""));
  if (!managed.ok) throw data({ messages: [managed.code] }, { status: managed.status });
  const { via, target } = managed.value;
  const updated = { kind: "success" as const, messages: ["alerts:updated"] };
  switch (intent) {
    case "toggle":
    case "stop":
      await setAlertActive(db, target, intent === "toggle" && form.get("active") === "on");
      return redirectWithFlash(`${pageUrl}#alert-${target.id}`, updated, config);
    case "remove":
      await removeAlert(services, target.id);
      // Removing the alert this link belongs to ends the link too.
      return redirectWithFlash(
        target.id === via.id ? localizePath("/alerts", lang) : pageUrl,
        { kind: "success", messages: ["alerts:manage.removed"] },
        config,
      );
    case "update": {
      const edit = await parseForm(form, alertCriteriaSchema);
      if (edit.status === "error") return { editResult: edit.result };
      const outcome = await changeAlertCriteria(db, target, edit.value);
      if (!outcome.ok) return { editResult: toFormReply(outcome, edit.reply, alertFormTexts) };
      return redirectWithFlash(`${pageUrl}#alert-${target.id}`, updated, config);
    }
    default:
      return redirect(safeLocalPath(pageUrl), 303);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData?.seo),
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "same-origin" },
];

export default function AlertsManage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("alerts");
  const create = localizePathFor(loaderData.pageUrl);
  return (
    <section className="page-section alert-manage" aria-labelledby="alert-manage-title">
      <div className="container">
        <div className="alert-panel">
          <p className="eyebrow">{t("manage.label")}</p>
          {loaderData.state === "invalid" ? (
            <>
              <h1 id="alert-manage-title">{t("manage.invalidTitle")}</h1>
              <p>{t("manage.invalidBody")}</p>
              <p>
                <SiteLink className="button" to={create}>
                  {t("manage.createAnother")}
                </SiteLink>
              </p>
            </>
          ) : loaderData.state === "confirm" ? (
            <>
              <h1 id="alert-manage-title">{t("manage.confirmTitle")}</h1>
              <p>
                <strong>{loaderData.name}</strong>
              </p>
              <p>{t("manage.confirmBody")}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="confirm" />
                <button type="submit" className="button button--primary">
                  {t("manage.confirm")}
                </button>
              </Form>
            </>
          ) : (
            <>
              <h1 id="alert-manage-title">{t("manage.title")}</h1>
              <p>{t("manage.intro")}</p>
              {loaderData.stop ? (
                <section className="alert-card alert-stop" aria-label={t("manage.stopTitle")}>
                  {loaderData.stop.active ? (
                    <>
                      <h2 className="alert-card__name">{t("manage.stopTitle")}</h2>
                      <p>{t("manage.stopBody", { name: loaderData.stop.name })}</p>
                      <Form method="post">
                        <input type="hidden" name="intent" value="stop" />
                        <input type="hidden" name="alertId" value={loaderData.stop.id} />
                        <button type="submit" className="button button--primary">
                          {t("manage.stopYes")}
                        </button>
                      </Form>
                    </>
                  ) : (
                    <p role="status">{t("manage.stoppedDone")}</p>
                  )}
                </section>
              ) : null}
              <ManageAlerts
                alerts={loaderData.alerts}
                options={loaderData.options}
                editId={loaderData.editId}
                removeId={loaderData.removeId}
                pageUrl={loaderData.pageUrl}
                editResult={actionData && "editResult" in actionData ? actionData.editResult : null}
              />
              <p className="section-more">
                <SiteLink className="button" to={create}>
                  {t("manage.createAnother")}
                </SiteLink>
              </p>
            </>
          )}
        </div>
      </div>
    </section>
  );
}

/** The create page in the manage page's language (its path starts with the language prefix). */
function localizePathFor(pageUrl: string): string {
  return pageUrl.replace(/\/alerts\/manage\/.*$/, "/alerts");
}
