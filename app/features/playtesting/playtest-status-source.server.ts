import { z } from "zod";
import type { Language } from "~/platform/i18n/languages";
import type { Services } from "~/platform/services.server";
import { findStatusLink } from "~/platform/status/links.server";
import { defineStatusAction, defineStatusSource, statusDay } from "~/platform/status/source.server";
import { signNda } from "./nda.server";
import type { PlaytestStatusData } from "./PlaytestStatusView";
import { playtestPersonalData } from "./personal-data.server";
import {
  confirmSeat,
  declineSession,
  type PlaytestChange,
  playtestItemKind,
  signupsOf,
} from "./playtest-status.server";
import { playtestStatusPage } from "./playtest-status-page.server";
import { sessionCalendar } from "./session-calendar.server";

/** A tester's answer to an invitation: where they now are, or why it was refused. */
function answered(change: PlaytestChange) {
  if (change.ok)
    return {
      message: { kind: "success" as const, messages: [`playtesting:status.answer.done.${change.to}`] },
    };
  if (change.code === "notFound") return { notFound: true as const };
  return { message: { kind: "error" as const, messages: ["playtesting:status.answer.notActive"] } };
}

/**
 * A playtest sign-up's status page: its steps, the session it is invited to, and the tester's
 * answers: "confirm" takes a seat (or the waitlist when none is left), "decline" ("I can't make
 * it") frees it, and a confirmed tester signs the NDA by typing the full name given at sign-up.
 */
export const playtestStatusSource = defineStatusSource<PlaytestStatusData>({
  personalData: playtestPersonalData,
  page: playtestStatusPage,
  summaryKey: (data) => `playtesting:status.stages.${data.stage}.title`,
  async sentFrom(tx, address, { t, lang }) {
    const signups = await signupsOf(tx, address);
    return signups.map((signup) => ({
      id: signup.id,
      label: t("status:kinds.playtest", {
        location: t(`playtesting:signUp.locations.${signup.site}`),
        date: statusDay(signup.createdAt, lang),
      }),
    }));
  },
  actions: {
    confirm: defineStatusAction({
      schema: z.object({}),
      run: async (svc, id) => answered(await confirmSeat(svc, id)),
    }),
    decline: defineStatusAction({
      schema: z.object({}),
      run: async (svc, id) => answered(await declineSession(svc, id)),
    }),
    sign: defineStatusAction({
      // The field is required and at most 200 characters in the page's form too.
      schema: z.object({ fullName: z.string().max(200) }),
      async run(svc, id, { fullName }) {
        const signed = await signNda(svc, id, fullName);
        if (signed.ok) return { message: { kind: "success", messages: ["playtesting:status.nda.done"] } };
        if (signed.code === "notFound") return { notFound: true };
        const why = signed.code === "nameMismatch" ? "nameMismatch" : "notActive";
        return { message: { kind: "error", messages: [`playtesting:status.nda.${why}`] } };
      },
    }),
  },
});

/** The playtest session a link's sign-up is invited to, as a calendar file; null otherwise. */
export async function sessionCalendarByLink(
  svc: Pick<Services, "db" | "config">,
  token: string,
  lang: Language,
): Promise<string | null> {
  const target = await findStatusLink(svc.db, token);
  if (target?.kind !== playtestItemKind) return null;
  return sessionCalendar(svc.db, target.itemId, svc.config.publicUrl, lang);
}
