import { z } from "zod";

/**
 * An OpenAPI 3.1 description assembled from the parts each feature declares next to its router
 * (the composer, `server/api.ts`, lists the parts as it mounts the routers). Request bodies are
 * generated from the Zod schemas the handlers parse with, so the description cannot drift from
 * what is accepted; responses and the service error codes each endpoint may answer are declared.
 */

export type ApiOperation = {
  method: "get" | "post";
  /** Below the part's prefix; `{platform}`-style segments are path parameters. */
  path: string;
  summary: string;
  body?: z.ZodType;
  /** Reads the session cookie: the document's session scheme applies, with its refusal code. */
  session?: boolean;
  /** Name of the success schema under components.schemas. */
  ok: string;
  okStatus?: number;
  codes?: string[];
  /** `{platform}` in the path: the values it accepts. */
  platforms?: readonly string[];
  /** Query parameters, by name, with their descriptions. */
  query?: Record<string, string>;
};

/** What one feature's router serves, as the description needs it. */
export type ApiPart = {
  /** Where the part's routes are mounted under /api, e.g. "/account". */
  prefix: string;
  operations: ApiOperation[];
  /** Success schemas its operations name (`Ok` and `Messages` are every part's). */
  schemas: Record<string, object>;
  /**
   * Fields that take a string besides the parts a page posts (the schema reads the string as
   * those parts): JSON Schema sees only the parts, so the string form is added.
   */
  stringForms?: Map<unknown, object>;
};

export type ApiSession = {
  /** The security scheme (a cookie) the `session` operations read. */
  scheme: object;
  /** The message code a `session` operation answers without a live session. */
  refusal: string;
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const jsonOf = (schema: object) => ({ "application/json": { schema } });

const sharedSchemas = {
  Messages: {
    type: "object",
    description:
      "Every failure: service message codes (docs/requirements.md#errors-and-feedback), translated by the client under `msg.`.",
    properties: { messages: { type: "array", items: { type: "string" }, minItems: 1 } },
    required: ["messages"],
  },
  Ok: { type: "object", properties: { ok: { const: true } }, required: ["ok"] },
};

/** A request body's JSON Schema, from its Zod schema as the handler parses it (input side). */
function requestSchema(schema: z.ZodType, stringForms: Map<unknown, object> | undefined) {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const string = stringForms?.get(zodSchema);
      if (!string) return;
      const parts = { ...jsonSchema };
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key as keyof typeof jsonSchema];
      Object.assign(jsonSchema, { anyOf: [string, parts] });
    },
  });
  return json;
}

function operationObject(op: ApiOperation, part: ApiPart, session: ApiSession) {
  const failure = (description: string) => ({ description, content: jsonOf(ref("Messages")) });
  const codes = [...(op.codes ?? []), ...(op.session ? [session.refusal] : [])];
  const parameters = [
    ...(op.platforms
      ? [{ name: "platform", in: "path", required: true, schema: { enum: [...op.platforms] } }]
      : []),
    ...Object.entries(op.query ?? {}).map(([name, description]) => ({
      name,
      in: "query",
      description,
      schema: { type: "string" },
    })),
  ];
  return {
    summary: op.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(op.session ? { security: [{ session: [] }] } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: jsonOf(requestSchema(op.body, part.stringForms)) } }
      : {}),
    responses: {
      [String(op.okStatus ?? 200)]: { description: "Success", content: jsonOf(ref(op.ok)) },
      "4XX": failure(
        [
          codes.length ? `Message codes: ${[...new Set(codes)].join(", ")}.` : "",
          op.method === "post"
            ? "403 for a post from another origin; 429 TOO_MANY_REQUESTS past the form rate limit."
            : "",
        ]
          .filter(Boolean)
          .join(" "),
      ),
    },
  };
}

/** The whole document, built once: it is the same for every visitor. */
export function openApiDocument(options: {
  info: { title: string; version: string; description: string };
  session: ApiSession;
  parts: ApiPart[];
}): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const part of options.parts)
    for (const op of part.operations) {
      const path = `/api${part.prefix}${op.path}`;
      paths[path] ??= {};
      paths[path]![op.method] = operationObject(op, part, options.session);
    }
  return {
    openapi: "3.1.0",
    info: options.info,
    paths,
    components: {
      schemas: Object.assign({}, sharedSchemas, ...options.parts.map((part) => part.schemas)),
      securitySchemes: { session: options.session.scheme },
    },
  };
}
