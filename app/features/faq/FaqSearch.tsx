import type { TFunction } from "i18next";
import "./faq.css";
import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { http } from "~/platform/http/client";
import { SiteLink } from "~/platform/http/prefetch";
import { useLanguage, useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { faqSearchLimits } from "./search-limits";
import type { FaqPage, FaqSummary } from "./types";

/** How long the box waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;
const LIVE_PAGE_SIZE = 8;

type Props = {
  /** The query the server searched for (the page's `q`), and its results. */
  query: string;
  results: FaqPage | null;
  /** On the support home page the results sit under the box with a link to the full list. */
  variant: "home" | "page";
};

type Live = { query: string; state: "loading" | "done" | "failed"; page: FaqPage | null };

/**
 * The FAQ search box. Without JavaScript it is a GET form the server answers with a results page;
 * with it, results follow the typing (debounced, the previous request cancelled) and pressing
 * Search still opens the results page.
 */
export function FaqSearch({ query, results, variant }: Props) {
  const { t } = useTranslation("support");
  const lang = useLanguage();
  const localize = useLocalizePath();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(query);
  const [live, setLive] = useState<Live | null>(null);
  const controller = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // A new server answer (the form was submitted) replaces what the typing showed. Words typed
  // before the page became interactive are kept, and searched for as soon as it is.
  useEffect(() => {
    setText(input.current?.value ?? query);
    setLive(null);
  }, [query]);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === query.trim()) {
      controller.current?.abort();
      setLive(null);
      return;
    }
    if (trimmed.length < faqSearchLimits.minLiveQuery) {
      controller.current?.abort();
      setLive({ query: trimmed, state: "done", page: null });
      return;
    }
    const timer = setTimeout(() => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setLive((previous) => ({ query: trimmed, state: "loading", page: previous?.page ?? null }));
      http
        .get<FaqPage>("/faqs", {
          query: { q: trimmed, lang, section: "support", pageSize: LIVE_PAGE_SIZE },
          signal: current.signal,
          silent: true,
        })
        .then((page) => {
          if (!current.signal.aborted) setLive({ query: trimmed, state: "done", page });
        })
        .catch(() => {
          if (!current.signal.aborted) setLive({ query: trimmed, state: "failed", page: null });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query, lang]);

  const shown = live ? { query: live.query, page: live.page } : { query: query.trim(), page: results };
  const status = live?.state === "failed" ? t("search.failed") : statusText(t, shown.query, shown.page);

  return (
    <div className="faq-search">
      <Form method="get" action={localize("/support/search")} role="search" className="faq-search__form">
        <label className="field__label" htmlFor={inputId}>
          {t("search.label")}
        </label>
        <p className="field__hint" id={hintId}>
          {t("search.hint")}
        </p>
        <div className="faq-search__row">
          <input
            ref={input}
            id={inputId}
            className="field__control faq-search__input"
            type="search"
            name="q"
            value={text}
            maxLength={faqSearchLimits.maxQuery}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            aria-controls={`${inputId}-results`}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <button type="submit" className="button button--primary faq-search__submit">
            {t("search.submit")}
          </button>
        </div>
      </Form>
      <div id={`${inputId}-results`} className="faq-search__results" aria-busy={live?.state === "loading"}>
        <p className="faq-search__status" role="status" aria-live="polite">
          {live?.state === "loading" && !live.page ? t("search.searching") : status}
        </p>
        {shown.page && shown.page.items.length > 0 ? (
          <>
            <FaqResultList items={shown.page.items} headingLevel={variant === "home" ? 3 : 2} />
            {variant === "home" && shown.page.total > shown.page.items.length ? (
              <p>
                <SiteLink
                  className="button button--ghost"
                  to={`${localize("/support/search")}?${new URLSearchParams({ q: shown.query })}`}
                >
                  {t("search.seeAll")}
                </SiteLink>
              </p>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

function statusText(t: TFunction, query: string, page: FaqPage | null): string {
  if (!query) return "";
  if (!page) return query.length < faqSearchLimits.minLiveQuery ? t("search.prompt") : "";
  if (page.total === 0) return t("search.none", { query });
  return t("search.results", { count: page.total, query });
}

/** Questions as links to their answer pages, each with its topic and the answer's opening. */
export function FaqResultList({
  items,
  headingLevel = 3,
  showCategory = true,
}: {
  items: FaqSummary[];
  headingLevel?: 2 | 3;
  showCategory?: boolean;
}) {
  const localize = useLocalizePath();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ol className="faq-results">
      {items.map((item) => (
        <li key={item.id} className="faq-results__item">
          <Heading className="faq-results__title">
            <SiteLink to={localize(`/support/faq/${item.slug}`)} className="faq-results__link">
              {item.title}
            </SiteLink>
          </Heading>
          {showCategory ? <p className="faq-results__category">{item.category.title}</p> : null}
          <p className="faq-results__excerpt">{item.excerpt}</p>
        </li>
      ))}
    </ol>
  );
}
