import "./known-issues.css";
import { useEffect, useId, useRef, useState } from "react";
import { http } from "~/platform/http/client";
import { SiteLink } from "~/platform/http/prefetch";
import { useLanguage, useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import type { SelectOption } from "~/ui/forms/Select";
import { gamePath } from "~/ui/frame/site-links";
import { useHydrated } from "~/ui/use-hydrated";
import { KnownIssueStatus } from "./KnownIssueCounts";
import type { KnownIssueView } from "./known-issue-search";
import type { MeTooResult } from "./known-issues.server";

/** What the report page's action answers to a "Me too" pressed without JavaScript. */
export type MeTooReply = { result: MeTooResult } | { slug: string; error: string };

/** Time after the last key before the words are sent, so typing does not send a request per key. */
const SUGGEST_DEBOUNCE_MS = 400;

/** The form field that tells the page's action the visitor has seen the suggestions. */
export const knownIssuesSeenField = "known";
/** The button that counts the visitor on a known issue: its value is the issue's slug. */
export const meTooField = "meToo";

type Counted = Record<string, { affected: number; added: boolean } | { error: string }>;

/**
 * "Is it one of these?" (docs/requirements.md#known-issues) above the report's send button. With
 * JavaScript it asks GET /api/known-issues as the player types and "Me too" posts to the API in
 * place; without, the page's action answers the first send with the matches and each "Me too" is
 * a submit button of the report form itself, so the typed report comes back untouched.
 */
export function KnownIssueSuggestions({
  formId,
  games,
  initial,
  meToo,
}: {
  formId: string;
  games: SelectOption[];
  /** The action's matches (no JavaScript), shown until the player types again. */
  initial?: KnownIssueView[];
  meToo?: MeTooReply;
}) {
  const { t } = useTranslation("support-report");
  const lang = useLanguage();
  const headingId = useId();
  const hydrated = useHydrated();
  const [live, setLive] = useState<{ game: string; items: KnownIssueView[] } | null>(null);
  const [counted, setCounted] = useState<Counted>(() =>
    meToo
      ? {
          [meToo && "result" in meToo ? meToo.result.slug : meToo.slug]:
            "result" in meToo ? meToo.result : meToo,
        }
      : {},
  );
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = "";
    const typed = () => {
      const data = new FormData(form);
      const game = String(data.get("game") ?? "");
      const platform = String(data.get("platform") ?? "");
      const q = `${data.get("summary") ?? ""} ${data.get("description") ?? ""}`.trim();
      return { game, platform, q };
    };
    const ask = () => {
      const { game, platform, q } = typed();
      const key = JSON.stringify([game, platform, q]);
      if (key === asked) return;
      asked = key;
      controller.current?.abort();
      if (!game || !q) {
        setLive({ game, items: [] });
        return;
      }
      const current = new AbortController();
      controller.current = current;
      http
        .get<{ items: KnownIssueView[] }>("/known-issues", {
          query: { game, platform: platform || undefined, q, lang },
          signal: current.signal,
          silent: true,
        })
        .then(({ items }) => {
          if (!current.signal.aborted) setLive({ game, items });
        })
        // Suggestions are a help, not a step: when they fail the report is sent as usual.
        .catch(() => undefined);
    };
    const onChange = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name || !["game", "platform", "summary", "description"].includes(name)) return;
      clearTimeout(timer);
      timer = setTimeout(ask, SUGGEST_DEBOUNCE_MS);
    };
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    // Words typed before the page's scripts ran (a slow phone) reached no listener: asked now.
    const before = typed();
    if (before.game && before.q) ask();
    return () => {
      clearTimeout(timer);
      controller.current?.abort();
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
    };
  }, [formId, lang]);

  const items = live ? live.items : (initial ?? []);
  const gameSlug = live ? live.game : items[0]?.game;
  const gameName = games.find((game) => game.value === gameSlug)?.label ?? "";

  async function pressMeToo(event: React.MouseEvent<HTMLButtonElement>, slug: string) {
    event.preventDefault();
    try {
      const result = await http.post<MeTooResult>(
        `/known-issues/${encodeURIComponent(slug)}/me-too`,
        undefined,
        {
          silent: true,
        },
      );
      setCounted((previous) => ({ ...previous, [slug]: result }));
    } catch {
      setCounted((previous) => ({ ...previous, [slug]: { error: "known.meTooFailed" } }));
    }
  }

  return (
    <div className="known-issues" aria-live="polite" aria-relevant="additions text">
      {/* With JavaScript the player saw the suggestions as they typed: sending sends. */}
      {hydrated ? <input type="hidden" name={knownIssuesSeenField} value="seen" /> : null}
      {items.length ? (
        <section className="known-issues__box" aria-labelledby={headingId}>
          <h3 id={headingId} className="known-issues__title">
            {t("known.suggestTitle")}
          </h3>
          <p className="known-issues__intro">
            {live || hydrated ? t("known.suggestIntro", { game: gameName }) : t("known.suggestNoScript")}
          </p>
          <ul className="known-issues__list">
            {items.map((issue) => (
              <KnownIssueItem
                key={issue.slug}
                issue={issue}
                state={counted[issue.slug]}
                onMeToo={(event) => pressMeToo(event, issue.slug)}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function KnownIssueItem({
  issue,
  state,
  onMeToo,
}: {
  issue: KnownIssueView;
  state: Counted[string] | undefined;
  onMeToo: (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  const { t } = useTranslation("support-report");
  const titleId = useId();
  const affected = state && "affected" in state ? state.affected : issue.affected;
  return (
    <li className="known-issues__item" data-known-issue={issue.slug}>
      <p className="known-issues__item-title" id={titleId}>
        {issue.title}
      </p>
      <KnownIssueStatus issue={issue} />
      <p className="known-issues__text">{issue.text}</p>
      <p className="known-issues__count" data-affected={affected}>
        {t("known.affected", { count: affected })}
      </p>
      {state && "affected" in state ? (
        <p className="known-issues__counted" role="status">
          {state.added ? t("known.counted") : t("known.alreadyCounted")}
        </p>
      ) : (
        <>
          {state && "error" in state ? (
            <p className="known-issues__error" role="alert">
              {t(state.error)}
            </p>
          ) : null}
          <button
            type="submit"
            name={meTooField}
            value={issue.slug}
            formNoValidate
            className="button known-issues__me-too"
            aria-describedby={titleId}
            onClick={onMeToo}
          >
            {t("known.meToo")}
          </button>
        </>
      )}
    </li>
  );
}

/** The report page's short list of every game's known issues, with where each fix stands. */
export function KnownIssueList({ issues, games }: { issues: KnownIssueView[]; games: SelectOption[] }) {
  const { t } = useTranslation("support-report");
  const localize = useLocalizePath();
  if (!issues.length) return <p>{t("known.listEmpty")}</p>;
  const byGame = games
    .map((game) => ({ game, issues: issues.filter((issue) => issue.game === game.value) }))
    .filter((group) => group.issues.length);
  return (
    <div className="known-issues__catalog">
      {byGame.map(({ game, issues: own }) => (
        <section key={game.value} aria-label={game.label}>
          <h3 className="known-issues__game">
            <SiteLink className="text-link" to={localize(gamePath(game.value))}>
              {game.label}
            </SiteLink>
          </h3>
          <ul className="known-issues__list">
            {own.map((issue) => (
              <li key={issue.slug} className="known-issues__item" data-known-issue={issue.slug}>
                <p className="known-issues__item-title">{issue.title}</p>
                <KnownIssueStatus issue={issue} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
