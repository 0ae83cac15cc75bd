import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import { questionsOf, type SurveyDefinition } from "./survey-definition";
import { surveyDefinitionSchema } from "./survey-schema";
import { surveys } from "./tables";

export type SurveyUnit = { code: string; definition: SurveyDefinition };

const filePattern = new RegExp(String.raw`^surveys\/(${slugPattern})\.yaml$`);

const surveyFiles: YamlFiles<typeof surveyDefinitionSchema, SurveyUnit> = {
  pattern: filePattern,
  key: ([, code]) => `survey:${code}`,
  schema: surveyDefinitionSchema,
  unit: (definition, [, code]) => ({ code: code!, definition }),
};

/** Surveys (content/surveys/{code}.yaml, see survey-schema.ts), stored by code. */
export const surveysKind: ContentKind<SurveyUnit> = {
  name: "surveys",
  unitKeyOf: (file) => yamlFileKey(surveyFiles, file),
  parse: (reader) => parseYamlFiles(reader, surveyFiles),
  // A game option's icon is a file under public/: the content check reports one that is gone.
  assets: (units) =>
    units.flatMap(({ data, sources }) =>
      questionsOf(data.definition).flatMap((question) =>
        question.type === "games"
          ? question.options.map((option) => ({
              file: sources[0]!,
              field: `${question.id}.${option.id}.icon`,
              asset: option.icon.url,
            }))
          : [],
      ),
    ),
  store: (tx, units, changed) =>
    syncRows(tx, { table: surveys, key: surveys.code, units, changed, row: (data) => data }),
};
