// The package ships JavaScript only; this is the part of its API the discovery test uses.
declare module "@adobe/structured-data-validator" {
  export type ValidationIssue = {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path?: unknown[];
    fieldNames?: string[];
    location?: string;
  };
  /** Data as @marbec/web-auto-extractor produces it: format → root type → items. */
  export type ExtractedData = Partial<Record<"jsonld" | "microdata" | "rdfa", Record<string, unknown[]>>>;
  export default class Validator {
    /** Without the schema.org vocabulary only the Google rich-result rules run. */
    constructor(schemaOrgJson?: unknown);
    validate(data: ExtractedData): Promise<ValidationIssue[]>;
  }
}
