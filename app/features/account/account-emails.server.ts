import { dateTimeFormat } from "~/platform/i18n/format";
import { languageTags } from "~/platform/i18n/languages";
import { defineEmailTemplate } from "~/platform/mail/templates.server";

/** The account's e-mails; texts under `mail:account.*` in the recipient's language. */
const linkEmail = (kind: "verify" | "reset" | "exists") =>
  defineEmailTemplate(`account-${kind}`, (p: { username: string; url: string }, { t, studioName }) => ({
    subject: t(`mail:account.${kind}.subject`, { studio: studioName }),
    heading: t(`mail:account.${kind}.heading`, { name: p.username }),
    paragraphs: [t(`mail:account.${kind}.body`, { studio: studioName })],
    action: { label: t(`mail:account.${kind}.action`), url: p.url },
    reason: t("mail:account.reason", { studio: studioName }),
  }));

export const verifyEmail = linkEmail("verify");
export const resetEmail = linkEmail("reset");
/** To an address someone tried to register again: the owner learns it, the visitor learns nothing. */
export const existsEmail = linkEmail("exists");

export const emailChangeCode = defineEmailTemplate(
  "account-email-code",
  (p: { code: string }, { t, studioName }) => ({
    subject: t("mail:account.code.subject", { studio: studioName }),
    heading: t("mail:account.code.heading"),
    paragraphs: [t("mail:account.code.body", { code: p.code })],
    reason: t("mail:account.reason", { studio: studioName }),
  }),
);

/** A change to how the account is protected; the holder is told of each. */
export type SecurityChange =
  | "email-changed"
  | "password-changed"
  | "password-reset"
  | "totp-added"
  | "sms-added"
  | "mfa-removed"
  | "recovery-codes";

const noticeKey: Record<SecurityChange, string> = {
  "email-changed": "emailChanged",
  "password-changed": "passwordChanged",
  "password-reset": "passwordReset",
  "totp-added": "totpAdded",
  "sms-added": "smsAdded",
  "mfa-removed": "mfaRemoved",
  "recovery-codes": "recoveryCodes",
};

type NoticeProps = { username: string; at: Date; forgotUrl: string; contactUrl: string };

/**
 * What changed and when (UTC, in the recipient's language), and what to do if it was not the
 * holder: choose a new password (the button) and write to the studio. After an address change
 * a reset link would go to the new address, so that notice sends to the contact page first.
 */
const securityNotice = (change: SecurityChange) =>
  defineEmailTemplate(`account-notice-${change}`, (p: NoticeProps, { t, lang, studioName }) => {
    const when = dateTimeFormat(languageTags[lang], {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "UTC",
    }).format(p.at);
    return {
      subject: t(`mail:account.notice.${noticeKey[change]}.subject`, { studio: studioName }),
      heading: t("mail:account.notice.heading", { name: p.username }),
      paragraphs: [
        t(`mail:account.notice.${noticeKey[change]}.body`, { studio: studioName, when }),
        t(change === "email-changed" ? "mail:account.notice.notYouEmail" : "mail:account.notice.notYou", {
          url: p.contactUrl,
        }),
      ],
      action: { label: t("mail:account.notice.action"), url: p.forgotUrl },
      reason: t("mail:account.notice.reason", { studio: studioName }),
    };
  });

export const securityNotices = Object.fromEntries(
  Object.keys(noticeKey).map((change) => [change, securityNotice(change as SecurityChange)]),
) as Record<SecurityChange, ReturnType<typeof securityNotice>>;
