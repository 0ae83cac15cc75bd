import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import type { EmailBody } from "./templates.server";

/** Texts of the layout itself (from the `mail` namespace), already in the recipient's language. */
export type LayoutStrings = {
  buttonFallback: string;
  sentBy: string;
  visitSite: string;
  privacy: string;
};

export type EmailLayoutProps = {
  langTag: string;
  studioName: string;
  siteUrl: string;
  privacyUrl: string;
  body: EmailBody;
  strings: LayoutStrings;
};

// The site's design tokens (app/ui/styles/tokens.css) as literal values: e-mail clients ignore
// custom properties and stylesheets, so every style is inline. The message sits on a light card
// because many clients force their own colours onto dark e-mails.
const colors = {
  ink: "#05070d",
  band: "#0a0f1c",
  accent: "#ffb224",
  onAccent: "#160f00",
  text: "#1b2233",
  muted: "#4a5672",
  page: "#eef2fb",
  card: "#ffffff",
  rule: "#d5dbea",
};
const textFont = '"Inter", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';
const displayFont = '"Outfit", "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const s = {
  body: { backgroundColor: colors.page, margin: 0, padding: "24px 0", fontFamily: textFont },
  container: { maxWidth: "600px", margin: "0 auto" },
  band: { backgroundColor: colors.band, borderRadius: "12px 12px 0 0", padding: "20px 32px" },
  wordmark: {
    color: colors.accent,
    fontFamily: displayFont,
    fontSize: "20px",
    fontWeight: 700,
    letterSpacing: "0.02em",
    textDecoration: "none",
  },
  card: { backgroundColor: colors.card, borderRadius: "0 0 12px 12px", padding: "32px" },
  heading: {
    color: colors.ink,
    fontFamily: displayFont,
    fontSize: "26px",
    lineHeight: "32px",
    fontWeight: 700,
    margin: "0 0 16px",
  },
  paragraph: { color: colors.text, fontSize: "16px", lineHeight: "26px", margin: "0 0 16px" },
  button: {
    backgroundColor: colors.accent,
    color: colors.onAccent,
    borderRadius: "8px",
    fontSize: "16px",
    fontWeight: 700,
    padding: "14px 24px",
    textDecoration: "none",
  },
  fallback: { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "16px 0 0" },
  fallbackLink: { color: colors.text, wordBreak: "break-all" },
  details: { margin: "8px 0 16px", borderCollapse: "collapse", width: "100%" },
  detailLabel: {
    // 1% + nowrap: the label column is as narrow as its longest label.
    width: "1%",
    color: colors.muted,
    fontSize: "14px",
    padding: "6px 16px 6px 0",
    verticalAlign: "top",
    whiteSpace: "nowrap",
  },
  detailValue: { color: colors.text, fontSize: "15px", padding: "6px 0", fontWeight: 600 },
  closing: { color: colors.text, fontSize: "16px", lineHeight: "26px", margin: "24px 0 0" },
  rule: { borderColor: colors.rule, margin: "24px 0" },
  footer: { color: colors.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 8px" },
  footerLink: { color: colors.muted, textDecoration: "underline" },
} satisfies Record<string, CSSProperties>;

/** The studio's branded frame around every e-mail: wordmark band, content card, footer. */
export function EmailLayout({ langTag, studioName, siteUrl, privacyUrl, body, strings }: EmailLayoutProps) {
  return (
    <Html lang={langTag} dir="ltr">
      <Head>
        <title>{body.subject}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{body.preview ?? body.paragraphs[0] ?? body.heading}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          <Section style={s.band}>
            <Link href={siteUrl} style={s.wordmark}>
              {studioName}
            </Link>
          </Section>
          <Section style={s.card}>
            <Heading as="h1" style={s.heading}>
              {body.heading}
            </Heading>
            {body.paragraphs.map((paragraph) => (
              <Text key={paragraph} style={s.paragraph}>
                {paragraph}
              </Text>
            ))}
            {body.details?.length ? (
              <table role="presentation" style={s.details}>
                <tbody>
                  {body.details.map((detail) => (
                    <tr key={detail.label}>
                      <td style={s.detailLabel}>{detail.label}</td>
                      <td style={s.detailValue}>{detail.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {body.action ? (
              <Section>
                <Button href={body.action.url} style={s.button}>
                  {body.action.label}
                </Button>
                <Text style={s.fallback}>
                  {strings.buttonFallback}{" "}
                  <Link href={body.action.url} style={s.fallbackLink}>
                    {body.action.url}
                  </Link>
                </Text>
              </Section>
            ) : null}
            {body.closing ? <Text style={s.closing}>{body.closing}</Text> : null}
            <Hr style={s.rule} />
            {body.reason ? <Text style={s.footer}>{body.reason}</Text> : null}
            <Text style={s.footer}>
              {strings.sentBy}{" "}
              <Link href={siteUrl} style={s.footerLink}>
                {strings.visitSite}
              </Link>
              {" · "}
              <Link href={privacyUrl} style={s.footerLink}>
                {strings.privacy}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
