import { defineEmailTemplate } from "~/platform/mail/templates.server";

/** The account's e-mails; texts under `account:email.*` in the recipient's language. */
const linkEmail = (kind: "verify" | "reset" | "exists") =>
  defineEmailTemplate(`account-${kind}`, (p: { username: string; url: string }, { t, studioName }) => ({
    subject: t(`account:email.${kind}.subject`, { studio: studioName }),
    heading: t(`account:email.${kind}.heading`, { name: p.username }),
    paragraphs: [t(`account:email.${kind}.body`, { studio: studioName })],
    action: { label: t(`account:email.${kind}.action`), url: p.url },
    reason: t("account:email.reason", { studio: studioName }),
  }));

export const verifyEmail = linkEmail("verify");
export const resetEmail = linkEmail("reset");
/** To an address someone tried to register again: the owner learns it, the visitor learns nothing. */
export const existsEmail = linkEmail("exists");

export const emailChangeCode = defineEmailTemplate(
  "account-email-code",
  (p: { code: string }, { t, studioName }) => ({
    subject: t("account:email.code.subject", { studio: studioName }),
    heading: t("account:email.code.heading"),
    paragraphs: [t("account:email.code.body", { code: p.code })],
    reason: t("account:email.reason", { studio: studioName }),
  }),
);
