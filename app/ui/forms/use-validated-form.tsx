import { type DefaultValue, parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { type ReactElement, use, useEffect, useId, useRef, useState } from "react";
import type { z } from "zod";
import { loadOnce } from "~/platform/settled-promise";
import { preloadOnServer } from "~/ui/server-preloads";
import { useHydrated } from "~/ui/use-hydrated";

type Constraints = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type LoadedSchema<Schema extends z.ZodType> = {
  validate: (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;
  constraint: Constraints;
};

/**
 * A form's schema, loaded when it is needed: Zod, Conform's Zod adapter and the schema are about
 * 27 KB of compressed JavaScript a page with a form would otherwise load at once
 * (docs/decisions/0027-javascript-budget.md). The server loads them for its first render of the
 * form; a browser when the visitor first uses the form.
 */
export type FormSchema<Schema extends z.ZodType> = {
  /** The schema with its validator, loaded once (again after a failed attempt). */
  load(): Promise<LoadedSchema<Schema>>;
  loaded?: LoadedSchema<Schema>;
};

/**
 * A form's schema from the module that defines it, imported dynamically so a component that
 * renders the form does not bring Zod into the page's first scripts:
 *
 *     const contactForm = formSchema(() => import("./contact-form").then((m) => m.contactSchema));
 */
export function formSchema<Schema extends z.ZodType>(
  importSchema: () => Promise<Schema>,
): FormSchema<Schema> {
  // Marked settled once loaded, and fetched again after a failure (settled-promise.ts): a form
  // renders at once from then on.
  const lazy: FormSchema<Schema> = {
    load: loadOnce(() =>
      Promise.all([importSchema(), import("~/platform/forms/validate")]).then(
        ([schema, { formConstraint, validateForm }]) => {
          const loaded: LoadedSchema<Schema> = {
            validate: (formData) => validateForm(formData, schema),
            constraint: formConstraint(schema),
          };
          lazy.loaded = loaded;
          return loaded;
        },
      ),
    ),
  };
  // The server renders the form with its schema's constraints: loaded before any render.
  preloadOnServer(() => lazy.load());
  return lazy;
}

const constraintsId = (formId: string) => `${formId}-constraints`;

/** The constraints the server wrote into the page, while hydrating it. */
function serverConstraints(formId: string): Constraints | undefined {
  if (typeof document === "undefined") return undefined;
  const text = document.getElementById(constraintsId(formId))?.textContent;
  return text ? (JSON.parse(text) as Constraints) : undefined;
}

/**
 * A form driven by its schema: the browser validates with it when the visitor sends the form
 * (not when a field is left: a message appearing then pushes the page down under the pointer,
 * so the click meant for the next field misses), then re-checks each field as it is corrected.
 * The server's
 * reply (`parseForm(...).result`, returned by the action) fills in the same errors and values,
 * so a visit without JavaScript sees exactly what a visit with it sees.
 *
 *     const [form, fields, constraints] = useValidatedForm({ schema, lastResult: actionData?.result });
 *     <Form method="post" {...getFormProps(form)}> {constraints} <TextField field={fields.name} … /> </Form>
 *
 * The schema (a `formSchema`) loads when the visitor first focuses the form. The fields'
 * constraints (`required`, `maxLength`… and the required marks) are rendered before that: the
 * server writes them into the page (`constraints`, to render inside the form) and the browser
 * hydrates with them; a form that appears after a client-side navigation waits for its schema.
 * A form sent before its schema has loaded is held, checked once it has, then sent; a field
 * corrected before it has (after the server's answer) is checked once it has.
 */
export function useValidatedForm<Schema extends z.ZodType<unknown, Record<string, unknown>>>({
  schema,
  lastResult,
  id,
  defaultValue,
}: {
  schema: FormSchema<Schema>;
  lastResult?: SubmissionResult<string[]> | null;
  /** Stable id when a page has several forms; generated otherwise. */
  id?: string;
  /** Values to start from (editing an existing alert). */
  defaultValue?: DefaultValue<z.input<Schema>>;
}) {
  const generatedId = useId();
  const formId = id ?? generatedId;
  const hydrated = useHydrated();
  // Read once, while hydrating: after that the page's script element may be another form's.
  const [hydrationConstraints] = useState(() => (hydrated ? undefined : serverConstraints(formId)));
  // `use` whenever the page has no constraints to hydrate with, loaded or not: React needs the
  // same calls when it renders again after a suspension.
  const constraint = hydrationConstraints ?? use(schema.load()).constraint;
  // A submission made before the schema has loaded: waiting for it, then sent again.
  const held = useRef<"no" | "waiting" | "resending">("no");

  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: formId,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form: element, formData, submitter }) => {
      if (schema.loaded) return schema.loaded.validate(formData);
      const afterLoad = (next: () => void) =>
        schema
          .load()
          .catch(() => undefined)
          .then(() => {
            if (element.isConnected) next();
          });
      return parse(formData, {
        resolve(_payload, intent) {
          // A field corrected after the server's answer: its message stays until the check.
          if (intent) {
            if (intent.type === "validate") afterLoad(() => form.validate({ name: intent.payload.name }));
            return { error: null };
          }
          // Sent again after a failed load: the form goes, and the server checks it.
          if (held.current === "resending") return { error: null };
          if (held.current === "no") {
            held.current = "waiting";
            afterLoad(() => {
              held.current = "resending";
              element.requestSubmit(submitter);
              held.current = "no";
            });
          }
          // Held: no message, the form does not go yet.
          return { error: {} };
        },
      }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
    },
  });

  useEffect(() => {
    if (schema.loaded) return;
    const element = document.getElementById(formId);
    const load = () => void schema.load().catch(() => undefined);
    element?.addEventListener("focusin", load, { once: true });
    return () => element?.removeEventListener("focusin", load);
  }, [schema, formId]);

  const constraints: ReactElement = (
    <script
      type="application/json"
      id={constraintsId(formId)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the schema's own limits as JSON, "<" escaped so no text closes the element
      dangerouslySetInnerHTML={{ __html: JSON.stringify(constraint).replace(/</g, "\\u003c") }}
    />
  );
  return [form, fields, constraints] as const;
}
