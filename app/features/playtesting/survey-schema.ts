import { z } from "zod";
import { type Language, languages } from "~/platform/i18n/languages";

/**
 * A survey as the studio writes it (content/surveys/{code}.yaml): steps of questions in every
 * language, checked when the content is read. Apart from survey-definition.ts, which the survey
 * page's components import: a schema built when a module loads brings Zod into the page's first
 * scripts (docs/decisions/0027-javascript-budget.md).
 */

const text = z.string().trim().min(1);
const id = z.string().regex(/^[a-z][a-zA-Z0-9]*$/, "Must be an identifier (letters and digits)");
const localizedText = z.strictObject(
  Object.fromEntries(languages.map((lang) => [lang, text])) as Record<Language, typeof text>,
);

const option = z.strictObject({ id, label: localizedText });
/** docs/requirements.md#playtesting: a game option has id, name and icon.url. */
const gameOption = z.strictObject({
  id,
  name: text,
  icon: z.strictObject({
    url: z.string().regex(/^\/[\w\-./]+\.(svg|png|jpe?g|webp)$/, "Must be a path under public/"),
  }),
});

const base = {
  id,
  label: localizedText,
  help: localizedText.optional(),
  required: z.boolean().default(true),
};

export const surveyQuestionSchema = z.discriminatedUnion("type", [
  z.strictObject({ ...base, type: z.literal("text"), maxLength: z.int().min(1).max(2000).default(500) }),
  z.strictObject({ ...base, type: z.literal("single"), options: z.array(option).min(2) }),
  z.strictObject({ ...base, type: z.literal("multiple"), options: z.array(option).min(2) }),
  z.strictObject({
    ...base,
    type: z.literal("scale"),
    min: z.int().min(0).max(1),
    max: z.int().min(3).max(10),
    minLabel: localizedText,
    maxLabel: localizedText,
  }),
  z.strictObject({ ...base, type: z.literal("games"), options: z.array(gameOption).min(2) }),
]);

export const surveyDefinitionSchema = z
  .strictObject({
    title: localizedText,
    intro: localizedText,
    steps: z
      .array(z.strictObject({ id, title: localizedText, questions: z.array(surveyQuestionSchema).min(1) }))
      .min(1),
    thankYou: z.strictObject({ title: localizedText, body: localizedText }),
  })
  .superRefine((survey, ctx) => {
    const seen = new Set<string>();
    survey.steps.forEach((step, s) => {
      step.questions.forEach((question, q) => {
        if (seen.has(question.id)) {
          ctx.addIssue({
            code: "custom",
            path: ["steps", s, "questions", q, "id"],
            message: `Duplicate question id "${question.id}"`,
          });
        }
        seen.add(question.id);
        if ("options" in question) {
          const ids = new Set(question.options.map((o) => o.id));
          if (ids.size !== question.options.length) {
            ctx.addIssue({
              code: "custom",
              path: ["steps", s, "questions", q, "options"],
              message: "Duplicate option id",
            });
          }
        }
      });
    });
  });
