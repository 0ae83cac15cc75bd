import crypto from "node:crypto";
import path from "node:path";
import type { Config } from "~/platform/config.server";
import { writeWhole } from "~/platform/files/write-whole.server";

export type SmsConfig = Pick<
  Config,
  "SMS_API_URL" | "SMS_API_USERNAME" | "SMS_API_PASSWORD" | "SMS_FROM" | "dataDir"
>;

/** Sending failed or the provider refused: the caller answers SERVICE_TEMPORARILY_UNAVAILABLE. */
export class SmsUnavailable extends Error {}

/**
 * Sends one text message. With SMS_API_URL: the Twilio-style API (POST {url}/Messages.json,
 * form-encoded To/From/Body, basic auth), 5 s at most. Without: a file under DATA_DIR/sms, the
 * way the mail outbox writes .eml files, so development and tests read what was "delivered".
 */
export async function sendSms(config: SmsConfig, to: string, body: string, fetchImpl: typeof fetch = fetch) {
  if (!config.SMS_API_URL) {
    const dir = path.join(config.dataDir, "sms");
    const name = `${Date.now()}-${crypto.randomBytes(4).toString("hex")}-${to.replace(/\D/g, "")}.txt`;
    await writeWhole(path.join(dir, name), `To: ${to}\nFrom: ${config.SMS_FROM}\n\n${body}\n`, {
      replace: false,
    });
    return;
  }
  const auth = Buffer.from(`${config.SMS_API_USERNAME ?? ""}:${config.SMS_API_PASSWORD ?? ""}`).toString(
    "base64",
  );
  try {
    const response = await fetchImpl(`${config.SMS_API_URL.replace(/\/$/, "")}/Messages.json`, {
      method: "POST",
      headers: { Authorization: `Basic ${auth}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ To: to, From: config.SMS_FROM, Body: body }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new SmsUnavailable(`SMS provider answered ${response.status}`);
  } catch (err) {
    throw err instanceof SmsUnavailable ? err : new SmsUnavailable(String(err));
  }
}
