import {
  type ContentKind,
  parseYamlFiles,
  syncRows,
  type YamlFiles,
  yamlFileKey,
} from "~/features/content/index.server";
import { slugPattern } from "~/platform/text/slug";
import type { SurveyDefinition } from "./survey-definition";
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
  store: (tx, units, changed) =>
    syncRows(tx, { table: surveys, key: surveys.code, units, changed, row: (data) => data }),
};
