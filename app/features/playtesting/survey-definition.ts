import type { z } from "zod";
import { hasForbiddenCharacters } from "~/platform/forms/text-rules";
import type { Language } from "~/platform/i18n/languages";
import type { surveyDefinitionSchema, surveyQuestionSchema } from "./survey-schema";

/**
 * A survey's questions and answers: the definition (survey-schema.ts) is served by
 * GET /api/contact-surveys/code/{code}, drives the survey page, and validates the answers
 * (validateSurveyAnswers), in the browser and the server.
 */

export type SurveyDefinition = z.output<typeof surveyDefinitionSchema>;
export type SurveyQuestion = z.output<typeof surveyQuestionSchema>;
export type SurveyAnswer = string | string[] | number;
export type SurveyAnswers = Record<string, SurveyAnswer>;

/** Problems with a set of answers, as "questionId: CODE" messages; empty when they are valid. */
export type AnswerProblem = {
  question: string;
  code:
    | "UNKNOWN_QUESTION"
    | "REQUIRED"
    | "INVALID_TYPE"
    | "INVALID_OPTION"
    | "TOO_LONG"
    | "OUT_OF_RANGE"
    | "INVALID_CHARACTERS";
};

export function questionsOf(survey: SurveyDefinition): SurveyQuestion[] {
  return survey.steps.flatMap((step) => step.questions);
}

/** True when an answer counts as given (not empty). */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function checkAnswer(question: SurveyQuestion, value: unknown): AnswerProblem["code"] | null {
  if (!isAnswered(value)) return question.required ? "REQUIRED" : null;
  switch (question.type) {
    case "text":
      if (typeof value !== "string") return "INVALID_TYPE";
      if (hasForbiddenCharacters(value)) return "INVALID_CHARACTERS";
      return value.trim().length > question.maxLength ? "TOO_LONG" : null;
    case "single":
      if (typeof value !== "string") return "INVALID_TYPE";
      return question.options.some((o) => o.id === value) ? null : "INVALID_OPTION";
    case "multiple":
    case "games": {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) return "INVALID_TYPE";
      const ids = new Set<string>(question.options.map((o) => o.id));
      if (new Set(value).size !== value.length) return "INVALID_OPTION";
      return value.every((v) => ids.has(v)) ? null : "INVALID_OPTION";
    }
    case "scale":
      if (typeof value !== "number" || !Number.isInteger(value)) return "INVALID_TYPE";
      return value < question.min || value > question.max ? "OUT_OF_RANGE" : null;
  }
}

/** Checks answers against the definition: unknown questions, missing required answers, wrong types. */
export function validateSurveyAnswers(survey: SurveyDefinition, answers: unknown): AnswerProblem[] {
  if (typeof answers !== "object" || answers === null || Array.isArray(answers)) {
    return [{ question: "(answers)", code: "INVALID_TYPE" }];
  }
  const record = answers as Record<string, unknown>;
  const questions = questionsOf(survey);
  const known = new Set(questions.map((q) => q.id));
  const problems: AnswerProblem[] = Object.keys(record)
    .filter((key) => !known.has(key))
    .map((question) => ({ question, code: "UNKNOWN_QUESTION" as const }));
  for (const question of questions) {
    const code = checkAnswer(question, record[question.id]);
    if (code) problems.push({ question: question.id, code });
  }
  return problems;
}

/** Keeps the given answers only, trimmed: what is stored. */
export function normalizeAnswers(survey: SurveyDefinition, answers: Record<string, unknown>): SurveyAnswers {
  const out: SurveyAnswers = {};
  for (const question of questionsOf(survey)) {
    const value = answers[question.id];
    if (!isAnswered(value)) continue;
    out[question.id] = typeof value === "string" ? value.trim() : (value as SurveyAnswer);
  }
  return out;
}

/** A question with its texts in one language, as the survey page shows it. */
export type SurveyQuestionView = {
  id: string;
  type: SurveyQuestion["type"];
  required: boolean;
  label: string;
  help?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  minLabel?: string;
  maxLabel?: string;
  options?: Array<{ id: string; label: string; icon?: string }>;
};
export type SurveyView = {
  title: string;
  intro: string;
  steps: Array<{ id: string; title: string; questions: SurveyQuestionView[] }>;
  thankYou: { title: string; body: string };
};

/** The survey's texts in one language. */
export function localizeSurvey(survey: SurveyDefinition, lang: Language): SurveyView {
  return {
    title: survey.title[lang],
    intro: survey.intro[lang],
    thankYou: { title: survey.thankYou.title[lang], body: survey.thankYou.body[lang] },
    steps: survey.steps.map((step) => ({
      id: step.id,
      title: step.title[lang],
      questions: step.questions.map((q) => {
        const view: SurveyQuestionView = {
          id: q.id,
          type: q.type,
          required: q.required,
          label: q.label[lang],
        };
        if (q.help) view.help = q.help[lang];
        if (q.type === "text") view.maxLength = q.maxLength;
        if (q.type === "scale")
          Object.assign(view, {
            min: q.min,
            max: q.max,
            minLabel: q.minLabel[lang],
            maxLabel: q.maxLabel[lang],
          });
        if (q.type === "single" || q.type === "multiple")
          view.options = q.options.map((o) => ({ id: o.id, label: o.label[lang] }));
        if (q.type === "games")
          view.options = q.options.map((o) => ({ id: o.id, label: o.name, icon: o.icon.url }));
        return view;
      }),
    })),
  };
}

/** Reads a survey form post: texts and choices as strings, several choices as lists, scales as numbers. */
export function answersFromForm(questions: SurveyQuestionView[], form: FormData): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  for (const q of questions) {
    const name = `q.${q.id}`;
    if (q.type === "multiple" || q.type === "games") {
      const values = form.getAll(name).filter((v): v is string => typeof v === "string");
      if (values.length) answers[q.id] = values;
    } else {
      const value = form.get(name);
      if (typeof value !== "string" || value.trim() === "") continue;
      answers[q.id] = q.type === "scale" && /^\d+$/.test(value) ? Number(value) : value;
    }
  }
  return answers;
}

/** Checks the answers of some questions (one step) the way the server will. */
export function stepProblems(
  questions: SurveyQuestionView[],
  answers: Record<string, unknown>,
): Record<string, AnswerProblem["code"]> {
  const out: Record<string, AnswerProblem["code"]> = {};
  for (const q of questions) {
    const value = answers[q.id];
    if (!isAnswered(value)) {
      if (q.required) out[q.id] = "REQUIRED";
    } else if (q.type === "text" && typeof value === "string" && hasForbiddenCharacters(value)) {
      out[q.id] = "INVALID_CHARACTERS";
    } else if (
      q.type === "text" &&
      typeof value === "string" &&
      q.maxLength &&
      value.trim().length > q.maxLength
    ) {
      out[q.id] = "TOO_LONG";
    }
  }
  return out;
}
