import { render } from "@react-email/render";
import type { TFunction } from "i18next";
import type { OutboxAttachment } from "~/platform/db/schema";
import { type Language, languageTags, localizePath } from "~/platform/i18n/languages";
import { translator } from "~/platform/i18n/translator.server";
import { EmailLayout, type LayoutStrings } from "./email-layout.server";

/**
 * What one e-mail says, in the recipient's language. The layout adds the studio's band, the
 * footer and the plain-text version; a template only decides these parts.
 */
export type EmailBody = {
  subject: string;
  /** The inbox preview line; the first paragraph when unset. */
  preview?: string;
  heading: string;
  paragraphs: string[];
  /** Key facts shown as a two-column list (e.g. an alert's criteria). */
  details?: Array<{ label: string; value: string }>;
  /** The one thing to do, as a button with the address spelled out below it. */
  action?: { label: string; url: string };
  /** The last line; the studio team's sign-off when unset. */
  closing?: string;
  /** Why the recipient gets this e-mail, in the footer. */
  reason?: string;
};

/** Who receives an e-mail and the studio it comes from (name from content, URL from config). */
export type EmailAudience = { to: string; lang: Language; studioName: string; siteUrl: string };

export type EmailContext = Omit<EmailAudience, "to"> & {
  /** Translates keys of any namespace ("mail:alerts.created.subject") in the recipient's language. */
  t: TFunction;
};

/** A composed e-mail, ready for `enqueueEmail`. */
export type OutgoingEmail = {
  /** What the e-mail is for (e.g. "alert-created"): logs, file names and tests use it. */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** Files from the upload store sent with the e-mail (see OutboxAttachment). */
  attachments?: OutboxAttachment[];
};

export type RenderedEmail = Pick<OutgoingEmail, "subject" | "html" | "text">;

/** Renders a body in the branded layout as HTML and as plain text. */
export async function renderEmail(body: EmailBody, context: EmailContext): Promise<RenderedEmail> {
  const { t, lang, studioName } = context;
  const siteUrl = context.siteUrl.replace(/\/$/, "");
  const strings: LayoutStrings = {
    buttonFallback: t("mail:layout.buttonFallback"),
    sentBy: t("mail:layout.sentBy", { studio: studioName }),
    visitSite: t("mail:layout.visitSite"),
    privacy: t("mail:layout.privacy"),
  };
  const full: EmailBody = {
    ...body,
    closing: body.closing ?? t("mail:layout.signOff", { studio: studioName }),
  };
  const homeUrl = `${siteUrl}${localizePath("/", lang)}`;
  const privacyUrl = `${siteUrl}${localizePath("/privacy", lang)}`;
  const html = await render(
    <EmailLayout
      langTag={languageTags[lang]}
      studioName={studioName}
      siteUrl={homeUrl}
      privacyUrl={privacyUrl}
      body={full}
      strings={strings}
    />,
  );
  return {
    subject: body.subject,
    html,
    text: plainText(full, { lang, studioName, homeUrl, privacyUrl, strings }),
  };
}

/** The text/plain part, written out rather than derived from the HTML so it reads naturally. */
function plainText(
  body: EmailBody,
  frame: { lang: Language; studioName: string; homeUrl: string; privacyUrl: string; strings: LayoutStrings },
): string {
  // French typography puts a (non-breaking) space before a colon.
  const colon = frame.lang === "fr" ? "\u00a0:" : ":";
  const blocks: string[] = [frame.studioName.toUpperCase(), body.heading, ...body.paragraphs];
  if (body.details?.length) blocks.push(body.details.map((d) => `${d.label}${colon} ${d.value}`).join("\n"));
  if (body.action) blocks.push(`${body.action.label}${colon}\n${body.action.url}`);
  if (body.closing) blocks.push(body.closing);
  const footer = [
    "--",
    ...(body.reason ? [body.reason] : []),
    `${frame.strings.sentBy} ${frame.homeUrl}`,
    `${frame.strings.privacy}${colon} ${frame.privacyUrl}`,
  ];
  blocks.push(footer.join("\n"));
  return `${blocks.join("\n\n")}\n`;
}

/**
 * Declares an e-mail a feature sends. `build` turns the feature's props into the body's texts
 * (with `t` in the recipient's language); `compose` renders it for one recipient:
 *
 *     const alertCreated = defineEmailTemplate("alert-created", (p: { manageUrl: string }, { t }) => ({ … }));
 *     const email = await alertCreated.compose({ to, lang, studioName, siteUrl }, { manageUrl });
 *     await db.transaction(async (tx) => { …; await enqueueEmail(tx, email); });
 */
export function defineEmailTemplate<P>(kind: string, build: (props: P, context: EmailContext) => EmailBody) {
  return {
    kind,
    async compose(
      audience: EmailAudience,
      props: P,
      headers?: Record<string, string>,
    ): Promise<OutgoingEmail> {
      const { to, ...rest } = audience;
      const context: EmailContext = { ...rest, t: await translator(audience.lang) };
      const rendered = await renderEmail(build(props, context), context);
      return { kind, to, ...rendered, ...(headers ? { headers } : {}) };
    },
  };
}
