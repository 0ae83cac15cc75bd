import { data } from "react-router";
import { getStudioInfo, loadPageSeo } from "~/features/studio/index.server";
import { formatDate } from "~/platform/i18n/format";
import { servicesContext } from "~/platform/request-context";
import { type PageLoaderArgs, routeLanguage } from "~/platform/seo/page-seo.server";
import type { LegalPageData, LegalPageKey } from "./LegalPage";
import { getLegalDocument } from "./legal.server";
import type { LegalDocumentSlug } from "./legal-kind.server";

/** The four legal routes' loader: the document in the page's language, its SEO and contact. */
export async function loadLegalPage(
  args: PageLoaderArgs,
  slug: LegalDocumentSlug,
  page: LegalPageKey,
  contact: "privacy" | "general",
) {
  const { db } = args.context.get(servicesContext);
  const lang = routeLanguage(args.params);
  const studio = await getStudioInfo(db, lang);
  const doc = await getLegalDocument(db, slug, lang, studio);
  if (!doc) throw data(null, { status: 404 });
  const content: LegalPageData = {
    title: doc.title,
    version: doc.version,
    lastChanged: doc.lastChanged,
    lastChangedLabel: formatDate(doc.lastChanged, lang),
    html: doc.html,
    toc: doc.toc,
    studioName: studio.name,
    email: studio.email[contact],
  };
  return { seo: await loadPageSeo(args, page, { studio }), content };
}
