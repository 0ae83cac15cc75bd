import { formatDate } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { formatFileSize, kitFacts } from "./press-format";
import type { PressKit } from "./press-types";

/**
 * The fact sheet put in a kit's zip: the whole kit as Markdown in one language, so a journalist
 * who only has the zip has every fact, text and credit, and knows what each file is.
 */
export async function renderFactSheet(kit: Omit<PressKit, "download">, lang: Language): Promise<string> {
  const t = await translator(lang, "press");
  const lines: string[] = [`# ${t("factSheet.title", { name: kit.name })}`, "", `_${kit.tagline}_`, ""];
  lines.push(t("factSheet.updated", { date: formatDate(kit.updatedOn, lang) }), "");
  const section = (title: string, ...body: string[]) => lines.push(`## ${title}`, "", ...body, "");

  section(
    t("facts.title"),
    ...kitFacts(kit, lang).map((fact) => `- **${t(`facts.${fact.key}`)}:** ${fact.value}`),
  );
  section(t("sections.description"), kit.description);
  section(t("sections.history"), kit.history);
  section(t("sections.features"), ...kit.features.map((feature) => `- ${feature}`));
  if (kit.videos.length) {
    section(
      t("sections.videos"),
      ...kit.videos.map((video) => `- [${video.title}](${video.url}) (${video.duration})`),
    );
  }
  if (kit.awards.length) {
    section(
      t("sections.awards"),
      ...kit.awards.map((award) => `- ${award.title} — ${award.organization}, ${award.year}`),
    );
  }
  if (kit.quotes.length) {
    section(
      t("sections.quotes"),
      ...kit.quotes.flatMap((quote) => [
        `> ${quote.quote}`,
        `> — ${quote.author ? `${quote.author}, ` : ""}${quote.outlet}`,
        "",
      ]),
    );
  }
  section(t("sections.monetization"), kit.monetization);
  section(t("sections.team"), ...kit.team.map((member) => `- ${member.name} — ${member.role}`));
  section(t("sections.contact"), ...kit.contacts.map((contact) => `- ${contact.label}: ${contact.email}`));
  section(
    t("sections.files"),
    ...[
      ...kit.images.map((file) => ({ folder: "images", file })),
      ...kit.logos.map((file) => ({ folder: "logos", file })),
    ].map(
      ({ folder, file }) =>
        `- ${folder}/${file.name} — ${file.caption} (${file.format}, ${file.width} × ${file.height}, ${formatFileSize(file.bytes, lang)})`,
    ),
  );
  return `${lines.join("\n").trimEnd()}\n`;
}
