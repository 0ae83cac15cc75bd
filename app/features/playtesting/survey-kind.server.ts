import { type ContentKind, syncRows } from "~/features/content/index.server";
import { surveys } from "~/platform/db/schema/playtest";
import { slugPattern } from "~/platform/text/slug";
import type { SurveyDefinition } from "./survey-definition";
import { surveyDefinitionSchema } from "./survey-schema";

export type SurveyUnit = { code: string; definition: SurveyDefinition };

const filePattern = new RegExp(String.raw`^surveys\/(${slugPattern})\.yaml$`);

/** Surveys (content/surveys/{code}.yaml, see survey-schema.ts), stored by code. */
export const surveysKind: ContentKind<SurveyUnit> = {
  name: "surveys",
  unitKeyOf(file) {
    const m = filePattern.exec(file);
    return m ? `survey:${m[1]}` : null;
  },
  parse(reader) {
    const units = [];
    for (const file of reader.files.keys()) {
      const m = filePattern.exec(file);
      if (!m) continue;
      const definition = reader.parseYaml(file, surveyDefinitionSchema);
      if (definition)
        units.push({ key: `survey:${m[1]}`, sources: [file], data: { code: m[1]!, definition } });
    }
    return units;
  },
  store: (tx, units, changed) =>
    syncRows(tx, { table: surveys, key: surveys.code, units, changed, row: (data) => data }),
};
