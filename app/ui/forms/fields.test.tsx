import { getFormProps } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { dateOfBirth } from "~/platform/forms/date-of-birth";
import { checkedBox, choice, choices, email, requiredString } from "~/platform/forms/fields";
import { formMessage } from "~/platform/forms/messages";
import { type FormReply, parseForm } from "~/platform/forms/parse-form.server";
import { phoneE164 } from "~/platform/forms/phone";
import { uploadFiles } from "~/platform/forms/upload-files";
import { uploadAccept } from "~/platform/forms/upload-rules";
import type { Language } from "~/platform/i18n/languages";
import { expectEach } from "../../../tests/support/expect-each";
import { CheckboxSwitch } from "./CheckboxSwitch";
import { DateOfBirthField } from "./DateOfBirthField";
import { FormErrors } from "./FormErrors";
import { choicesSummary, MultiSelect } from "./MultiSelect";
import { PhoneField } from "./PhoneField";
import { RadioGroup } from "./RadioGroup";
import { Select } from "./Select";
import { Textarea } from "./Textarea";
import { EmailField, TextField } from "./TextField";
import { byId, renderMarkup, tags, textOf } from "./test-markup";
import { UploadWidget } from "./UploadWidget";
import { formSchema, useValidatedForm } from "./use-validated-form";

const teams = [
  { value: "art", label: "Art" },
  { value: "audio", label: "Audio" },
  { value: "design", label: "Design" },
  { value: "production", label: "Production" },
  { value: "writing", label: "Writing" },
] as const;

const schema = z.object({
  name: requiredString(40),
  email: email(),
  message: requiredString(2000),
  nda: checkedBox(),
  level: choice(["junior", "senior"]),
  office: choice(["quebec", "gent"]),
  teams: choices(["art", "audio", "design", "production", "writing"]),
  birth: dateOfBirth(),
  phone: phoneE164(),
  files: uploadFiles(),
});

const kitForm = formSchema(async () => schema);
// The server's render has the schema (renderToString cannot wait for it).
await kitForm.load();

/** The kit mounted as a feature page would mount it, with the action's reply if any. */
function KitForm({ lastResult }: { lastResult?: FormReply }) {
  const [form, fields, constraints] = useValidatedForm({ schema: kitForm, lastResult, id: "kit" });
  return (
    <form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      {constraints}
      <FormErrors
        id={form.errorId}
        errors={form.errors}
        fields={[
          { field: fields.name, label: "Name" },
          { field: fields.email, label: "E-mail" },
          { field: fields.message, label: "Message" },
          { field: fields.nda, label: "I will sign the NDA" },
          { field: fields.level, label: "Level" },
          { field: fields.office, label: "Office" },
          { field: fields.teams, label: "Teams" },
          { field: fields.birth, label: "Date of birth" },
          { field: fields.phone, label: "Phone" },
          { field: fields.files, label: "Portfolio" },
        ]}
      />
      <TextField field={fields.name} label="Name" hint="As on your ID" autoComplete="name" />
      <EmailField field={fields.email} label="E-mail" />
      <Textarea field={fields.message} label="Message" autoComplete="off" />
      <CheckboxSwitch field={fields.nda} label="I will sign the NDA" />
      <RadioGroup
        field={fields.level}
        legend="Level"
        options={[
          { value: "junior", label: "Junior" },
          { value: "senior", label: "Senior" },
        ]}
      />
      <Select
        field={fields.office}
        label="Office"
        options={[
          { value: "quebec", label: "Quebec" },
          { value: "gent", label: "Gent" },
        ]}
      />
      <MultiSelect field={fields.teams} legend="Teams" options={teams} />
      <DateOfBirthField field={fields.birth} legend="Date of birth" />
      <PhoneField field={fields.phone} legend="Phone" />
      <UploadWidget field={fields.files} label="Portfolio" />
    </form>
  );
}

async function reply(entries: [string, string][]): Promise<FormReply> {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  const result = await parseForm(formData, schema);
  if (result.status !== "error") throw new Error("expected a refused form");
  return result.result;
}

const render = (lastResult?: FormReply, lang: Language = "en") =>
  renderMarkup(<KitForm lastResult={lastResult} />, lang);

describe("a fresh form", () => {
  const html = render();

  it("labels every control and marks required ones with a red asterisk and words", () => {
    expect(byId(html, "kit-name").attributes.required).toBe("");
    expect(html.replaceAll("<!-- -->", "")).toContain(
      '<span class="field__required"><span aria-hidden="true">*</span><span class="visually-hidden"> (required)</span></span>',
    );
    expect(html).toContain('for="kit-name"');
    expect(html).toContain('for="kit-email"');
    expect(html).toContain('for="kit-message"');
    expect(html).toContain('for="kit-nda"');
  });

  it("points aria-describedby at the hint only while valid, with no aria-invalid", () => {
    const name = byId(html, "kit-name").attributes;
    expect(name["aria-describedby"]).toBe("kit-name-description");
    expect(name["aria-invalid"]).toBeUndefined();
    expect(byId(html, "kit-email").attributes["aria-describedby"]).toBeUndefined();
  });

  it("states each input's purpose for autofill", () => {
    expect(byId(html, "kit-name").attributes.autocomplete).toBe("name");
    expect(byId(html, "kit-email").attributes).toMatchObject({ type: "email", autocomplete: "email" });
    expect(byId(html, "kit-birth.month").attributes.autocomplete).toBe("bday-month");
    expect(byId(html, "kit-birth.day").attributes.autocomplete).toBe("bday-day");
    expect(byId(html, "kit-birth.year").attributes.autocomplete).toBe("bday-year");
    expect(byId(html, "kit-phone.number").attributes).toMatchObject({ type: "tel", autocomplete: "tel" });
  });

  it("renders the switch as a native checkbox with the switch role", () => {
    expect(byId(html, "kit-nda").attributes).toMatchObject({ type: "checkbox", role: "switch", name: "nda" });
  });

  it("renders the multi-select as plain checkboxes until the script runs", () => {
    const boxes = tags(html).filter((tag) => tag.attributes.name === "teams");
    expect(boxes).toHaveLength(5);
    expectEach(boxes, (box) => box.attributes.type === "checkbox");
    expect(html).not.toContain("multiselect__toggle");
  });

  it("offers day 1-31 and years from this year down to 1921", () => {
    const year = new Date().getFullYear();
    const section = html.slice(html.indexOf('id="kit-birth.year"'));
    const years = [...section.slice(0, section.indexOf("</select>")).matchAll(/value="(\d+)"/g)].map(
      (m) => m[1],
    );
    expect(years[0]).toBe(String(year));
    expect(years.at(-1)).toBe("1921");
    expect(years).toHaveLength(year - 1921 + 1);
    const days = html.slice(html.indexOf('id="kit-birth.day"'));
    expect([...days.slice(0, days.indexOf("</select>")).matchAll(/value="(\d+)"/g)]).toHaveLength(31);
  });

  it("puts the date parts in the order of the language", () => {
    const order = (markup: string) =>
      ["month", "day", "year"].sort(
        (a, b) => markup.indexOf(`id="kit-birth.${a}"`) - markup.indexOf(`id="kit-birth.${b}"`),
      );
    expect(order(html)).toEqual(["month", "day", "year"]);
    expect(order(render(undefined, "fr"))).toEqual(["day", "month", "year"]);
  });

  it("defaults the phone country to Canada and names countries in the page's language", () => {
    expect(html).toMatch(/<option value="CA" selected="">Canada \(\+1\)<\/option>/);
    expect(render(undefined, "es")).toMatch(/<option value="ES"[^>]*>España \(\+34\)<\/option>/);
  });

  it("marks only required fields", () => {
    expect(html).not.toMatch(/Portfolio<span class="field__required">/);
    expect(byId(html, "kit-files").attributes.required).toBeUndefined();
    expect(byId(html, "kit-phone.country").attributes.required).toBeUndefined();
  });

  it("renders the upload as a plain file input the server can read", () => {
    expect(byId(html, "kit-files").attributes).toMatchObject({
      type: "file",
      name: "files",
      accept: uploadAccept,
    });
    expect(textOf(html, "kit-files-description")).toContain("One file, up to 5 MB.");
  });

  it("keeps an empty alert area for form-level messages", () => {
    expect(byId(html, "kit-error").attributes.role).toBe("alert");
    expect(textOf(html, "kit-error")).toBe("");
  });
});

describe("a form the server refused (no JavaScript)", async () => {
  const lastResult = await reply([
    ["email", "lea@"],
    ["level", "junior"],
    ["teams", "art"],
    ["teams", "audio"],
    ["teams", "design"],
    ["teams", "writing"],
    ["birth.month", "2"],
    ["birth.day", "31"],
    ["birth.year", "1990"],
    ["phone.country", "CA"],
    ["phone.number", "555"],
  ]);
  const html = render(lastResult);

  it("shows each field's message in its error area and marks the control invalid", () => {
    expect(textOf(html, "kit-name-error")).toBe("Field is required");
    expect(byId(html, "kit-name").attributes).toMatchObject({
      "aria-invalid": "true",
      "aria-describedby": "kit-name-error kit-name-description",
    });
    expect(textOf(html, "kit-email-error")).toBe("Field must be a valid e-mail address.");
    expect(byId(html, "kit-email").attributes["aria-describedby"]).toBe("kit-email-error");
    expect(textOf(html, "kit-nda-error")).toBe("Field is required");
    expect(byId(html, "kit-nda").attributes["aria-invalid"]).toBe("true");
  });

  it("gives invalid fields the red-border class", () => {
    expect(html).toContain('class="field field--text field--invalid"');
    expect(html).toContain('class="field field--switch field--invalid"');
  });

  it("fills the form again with what was sent", () => {
    expect(byId(html, "kit-email").attributes.value).toBe("lea@");
    expect(byId(html, "kit-level-0").attributes.checked).toBe("");
    const ticked = tags(html).filter((tag) => tag.attributes.name === "teams" && "checked" in tag.attributes);
    expect(ticked.map((tag) => tag.attributes.value)).toEqual(["art", "audio", "design", "writing"]);
    expect(byId(html, "kit-phone.number").attributes.value).toBe("555");
  });

  it("explains a date that does not exist on the whole group, and each selector is marked", () => {
    expect(textOf(html, "kit-birth-error")).toBe("This date does not exist.");
    for (const part of ["month", "day", "year"]) {
      expect(byId(html, `kit-birth.${part}`).attributes).toMatchObject({
        "aria-invalid": "true",
        "aria-describedby": "kit-birth-error",
      });
    }
  });

  it("says a missing date once for the group, and marks only the missing selectors", async () => {
    const partial = render(await reply([["birth.month", "2"]]));
    expect(textOf(partial, "kit-birth-error")).toBe("Field is required");
    expect(byId(partial, "kit-birth.month").attributes["aria-invalid"]).toBeUndefined();
    for (const part of ["day", "year"]) {
      expect(byId(partial, `kit-birth.${part}`).attributes).toMatchObject({
        "aria-invalid": "true",
        "aria-describedby": "kit-birth-error",
      });
    }
    const empty = render(await reply([]));
    expect(textOf(empty, "kit-birth-error")).toBe("Field is required");
    expect(textOf(render(await reply([]), "fr"), "kit-birth-error")).toBe("Ce champ est obligatoire");
  });

  it("lists each invalid field at the top by its label, linked to it, in the form's order", async () => {
    const empty = render(await reply([["phone.number", "555"]]));
    const links = tags(empty).filter((tag) => tag.attributes.class === "form-errors__link");
    expect(links.map((link) => link.attributes.href)).toEqual([
      "#kit-name",
      "#kit-email",
      "#kit-message",
      "#kit-nda",
      "#kit-level",
      "#kit-office",
      "#kit-teams",
      "#kit-birth",
      "#kit-phone",
    ]);
    const summary = textOf(empty, "kit-error");
    expect(summary.startsWith("There is a problem Name: Field is required E-mail: Field is required")).toBe(
      true,
    );
    // The date of birth: one entry, one message, though its three parts are all missing.
    expect(summary).toContain("Date of birth: Field is required Phone: Field must be a valid phone number.");
    expect(summary.match(/Date of birth/g)).toHaveLength(1);
    expect(summary).not.toContain("Portfolio");
    // Every link lands on an element of the page: the groups carry the field's id.
    for (const link of links)
      expect(byId(empty, link.attributes.href!.slice(1)).name).toMatch(/input|fieldset|select|textarea/);
    // The messages stay under their fields too.
    expect(textOf(empty, "kit-name-error")).toBe("Field is required");
  });

  it("words the summary in the visitor's language", async () => {
    const frHtml = render(await reply([]), "fr");
    const fr = textOf(frHtml, "kit-error");
    expect(fr.startsWith("Il y a un problème Name : Ce champ est obligatoire")).toBe(true);
    // Quebec typography: a no-break space before the colon.
    expect(frHtml).toContain("Name\u00a0: Ce champ est obligatoire");
    const es = textOf(render(await reply([]), "es"), "kit-error");
    expect(es.startsWith("Hay un problema Name: Este campo es obligatorio")).toBe(true);
  });

  it("puts the phone error on the number", () => {
    expect(textOf(html, "kit-phone-error")).toBe("Field must be a valid phone number.");
    expect(byId(html, "kit-phone.number").attributes["aria-invalid"]).toBe("true");
  });

  it("describes the radio group and the checkbox group by their errors", async () => {
    const empty = render(await reply([]));
    const fieldset = tags(empty).find((tag) => tag.attributes["aria-labelledby"] === "kit-level-legend");
    expect(fieldset?.attributes["aria-describedby"]).toBe("kit-level-error");
    expect(textOf(empty, "kit-level-error")).toBe("Field is required");
    expect(textOf(empty, "kit-teams-error")).toBe("Field is required");
    expect(textOf(empty, "kit-office-error")).toBe("Field is required");
  });

  it("speaks the visitor's language", () => {
    const fr = render(lastResult, "fr");
    expect(textOf(fr, "kit-name-error")).toBe("Ce champ est obligatoire");
    expect(textOf(fr, "kit-email-error")).toBe("Le champ doit contenir une adresse courriel valide.");
    expect(fr).toContain("(obligatoire)");
    const es = render(lastResult, "es");
    expect(textOf(es, "kit-name-error")).toBe("Este campo es obligatorio");
  });

  it("shows a service's refusal above the fields", () => {
    const refused = render({ status: "error", error: { "": [formMessage("required"), "Email in use"] } });
    expect(textOf(refused, "kit-error")).toBe("Your form could not be sent Field is required Email in use");
  });

  it("shows upload errors from the server", async () => {
    const formData = new FormData();
    formData.append("files", new File(["MZ"], "setup.exe"));
    const result = await parseForm(formData, z.object({ files: uploadFiles() }));
    const refused = render(result.status === "error" ? result.result : undefined);
    expect(textOf(refused, "kit-files-error")).toBe("File type is not supported.");
    expect(byId(refused, "kit-files").attributes["aria-invalid"]).toBe("true");
  });
});

describe("choicesSummary (docs/requirements.md#forms-and-validation)", () => {
  const t = (key: string, params?: Record<string, unknown>) =>
    key === "multiSelect.count" ? `${params?.number} selected` : "None selected";
  it("names up to three choices and counts more", () => {
    expect(choicesSummary([], teams, t)).toBe("None selected");
    expect(choicesSummary(["art"], teams, t)).toBe("Art");
    expect(choicesSummary(["art", "audio", "design"], teams, t)).toBe("Art, Audio, Design");
    expect(choicesSummary(["art", "audio", "design", "writing"], teams, t)).toBe("4 selected");
  });
});
