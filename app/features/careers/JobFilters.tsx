import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  type JobFilters as Filters,
  type JobFilterKey,
  jobFilterKeys,
  searchFromFilters,
  type TaxonomyTerm,
} from "~/features/jobs";
import { useLocalizePath } from "~/platform/i18n/use-language";
import { useTranslation } from "~/platform/i18n/use-translation";
import { useInputBeforeHydration } from "~/ui/use-hydrated";
import { careersSectionId } from "./CareersSections";

export type FilterChoices = Record<JobFilterKey, TaxonomyTerm[]>;

/** Typing in the search box waits this long before the list follows. */
const typingDelay = 350;

/**
 * The careers filters: a GET form that works without JavaScript (choose, then "Show
 * positions"); with JavaScript the list follows each change and the address mirrors it.
 * A choice pushes a history entry (Back restores the previous list); typing replaces it.
 */
export function JobFilters({ filters, choices }: { filters: Filters; choices: FilterChoices }) {
  const { t } = useTranslation("careers");
  const localize = useLocalizePath();
  const navigate = useNavigate();
  const id = useId();
  // Without the page: any change of filters starts again from the first page.
  const withoutPage = ({ location, team, level, commitment, query }: Filters): Filters => ({
    location,
    team,
    level,
    commitment,
    query,
  });
  const [values, setValues] = useState<Filters>(() => withoutPage(filters));
  const queryInput = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const action = localize("/careers");

  // The address is the source of truth: Back/Forward and links bring new filters.
  const current = searchFromFilters(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` stands for `filters`.
  useEffect(() => {
    // While the visitor is still typing, the box keeps what they typed since the last request.
    setValues((previous) =>
      typeof document !== "undefined" && document.activeElement === queryInput.current
        ? { ...withoutPage(filters), query: previous.query }
        : withoutPage(filters),
    );
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  // A choice made before the page's JavaScript ran (a slow phone) is in the form but not in the
  // address: once the page can, it applies, as the change would have.
  const form = useRef<HTMLFormElement>(null);
  useInputBeforeHydration(form, (element) => {
    const data = new FormData(element);
    const shown = withoutPage(
      Object.fromEntries(
        ["query", ...jobFilterKeys].map((key) => [key, String(data.get(key) ?? "") || undefined]),
      ) as Filters,
    );
    if (searchFromFilters(shown) === searchFromFilters(withoutPage(filters))) return;
    setValues(shown);
    go(shown, false);
  });

  const go = (next: Filters, replace: boolean) => {
    clearTimeout(timer.current);
    navigate(`${action}${searchFromFilters(next)}`, { replace, preventScrollReset: true });
  };

  const choose = (key: JobFilterKey, value: string) => {
    const next = { ...values, [key]: value || undefined };
    // A team rarely exists at every studio: a new location starts from all teams.
    if (key === "location") next.team = undefined;
    setValues(next);
    go(next, false);
  };

  const type = (query: string) => {
    const next = { ...values, query: query || undefined };
    setValues(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(next, true), typingDelay);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go(values, false);
  };

  const allLabel: Record<JobFilterKey, string> = {
    location: t("filters.allLocations"),
    team: t("filters.allTeams"),
    level: t("filters.allLevels"),
    commitment: t("filters.allCommitments"),
  };

  return (
    <form
      ref={form}
      className="job-filters"
      method="get"
      action={`${action}#${careersSectionId}`}
      aria-label={t("filters.label")}
      onSubmit={submit}
    >
      <div className="field job-filters__query">
        <label className="field__label" htmlFor={`${id}-query`}>
          {t("filters.query")}
        </label>
        <input
          ref={queryInput}
          id={`${id}-query`}
          className="field__control"
          type="search"
          name="query"
          maxLength={100}
          value={values.query ?? ""}
          onChange={(event) => type(event.target.value)}
          placeholder={t("filters.queryPlaceholder")}
          autoComplete="off"
        />
      </div>
      {jobFilterKeys.map((key) => (
        <div className="field job-filters__field" key={key}>
          <label className="field__label" htmlFor={`${id}-${key}`}>
            {t(`filters.${key}`)}
          </label>
          <div className="select">
            <select
              id={`${id}-${key}`}
              className="field__control select__control"
              name={key}
              value={values[key] ?? ""}
              onChange={(event) => choose(key, event.target.value)}
            >
              <option value="">{allLabel[key]}</option>
              {choices[key].map((choice) => (
                <option key={choice.slug} value={choice.slug}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      ))}
      <div className="job-filters__actions">
        <button type="submit" className="button button--primary">
          {t("filters.submit")}
        </button>
      </div>
    </form>
  );
}
