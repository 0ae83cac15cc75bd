import { and, eq, sql } from "drizzle-orm";
import { getLegalDocument } from "~/features/legal/index.server";
import { getStudioInfo } from "~/features/studio/index.server";
import type { Db } from "~/platform/db/client.server";
import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { emailStage, type PlaytestChange, signupStatus } from "./playtest-status.server";
import { playtestSignupStages, playtestSignups } from "./tables";

/**
 * The playtest non-disclosure agreement (docs/requirements.md#playtesting): a legal document of
 * the content (content/legal/playtest-nda/{lang}.md, versioned by its front matter), read and
 * signed on the status page once the tester holds a seat, by typing their full name.
 */

/** The NDA as the page shows it, or null when the content has none. */
export async function playtestNda(db: Db, lang: Language) {
  const studio = await getStudioInfo(db, lang);
  return getLegalDocument(db, "playtest-nda", lang, studio);
}

/** A name as compared for the signature: letter case and spaces do not count. */
export const sameName = (typed: string, name: string) => {
  const norm = (s: string) => s.normalize("NFC").toLocaleLowerCase().replace(/\s+/g, "");
  return norm(typed).length > 0 && norm(typed) === norm(name);
};

/** What the e-mailed copy carries: the text, one paragraph per block, without Markdown marks. */
function plainText(html: string): string[] {
  return html
    .replace(/<\/(p|h\d|li)>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The tester signs the NDA: the typed name must be the sign-up's (case and spaces aside); the
 * version, time and typed name are stored, the stage becomes "signed" (one conditional update),
 * and a copy with the text is e-mailed in the same transaction.
 */
export async function signNda(
  svc: Pick<Services, "db" | "config">,
  id: string,
  typedName: string,
): Promise<PlaytestChange | { ok: false; code: "nameMismatch" | "noNda" }> {
  const now = await signupStatus(svc.db, id);
  if (!now) return { ok: false, code: "notFound" };
  if (now.stage !== "confirmed") return { ok: false, code: "notAllowed" };
  if (!sameName(typedName, now.name)) return { ok: false, code: "nameMismatch" };
  const nda = await playtestNda(svc.db, now.language);
  if (!nda) return { ok: false, code: "noNda" };
  const signed = await svc.db.transaction(async (tx) => {
    const [row] = await tx
      .update(playtestSignups)
      .set({
        stage: "signed",
        stageChangedAt: sql`clock_timestamp()`,
        ndaVersion: nda.version,
        ndaSignedAt: sql`clock_timestamp()`,
        ndaName: typedName.trim(),
      })
      .where(and(eq(playtestSignups.id, id), eq(playtestSignups.stage, "confirmed")))
      .returning();
    if (!row) return false;
    await tx
      .insert(playtestSignupStages)
      .values({ signupId: id, stage: "signed", session: row.session, at: row.stageChangedAt });
    await emailStage(
      svc,
      tx,
      { ...now, session: row.session, sessionAt: row.sessionAt },
      "signed",
      undefined,
      [
        `${nda.title} (${nda.version})`,
        ...plainText(nda.html),
        `— ${row.ndaName}, ${row.ndaSignedAt?.toISOString() ?? ""}`,
      ],
    );
    return true;
  });
  if (!signed) return { ok: false, code: "notAllowed" };
  const status = await signupStatus(svc.db, id);
  return status ? { ok: true, status, to: "signed" } : { ok: false, code: "notFound" };
}
