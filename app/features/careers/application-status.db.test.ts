import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { JobOffer } from "~/features/jobs";
import { getJobOffer } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { deleteByStatusLink, loadStatusPage, sendStatusLinks } from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, statusLinks } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import { findStatusLink } from "~/platform/status/links.server";
import { pdf } from "~/platform/uploads/test-samples";
import { createUploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { pageSays, postOnStatusPage } from "../../../tests/support/status-posts";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { purgeExpiredApplications, submitApplication } from "./application.server";
import { applicationStatus, moveApplication, withdrawApplication } from "./application-status.server";
import { jobApplicationStages, jobApplications } from "./tables";
import { applicationCommands } from "./tools.server";

let database: Database;
let dir: string;
let job: JobOffer;
/** The Quebec open application: its offer says `skillsStep: false` (content/jobs). */
let openApplication: JobOffer;
let svc: Parameters<typeof submitApplication>[0] & Parameters<typeof sendStatusLinks>[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "status-uploads-"));
  const logger = createLogger("silent");
  const uploads = createUploadStore({
    db: database.db,
    files: createLocalFileStore(dir),
    limits: { maxFiles: 1, maxKb: 5000 },
    logger,
  });
  const config = parseConfig({ PUBLIC_URL: "https://studio.example" });
  svc = { db: database.db, config, logger, uploads, rateLimits: createRateLimits(config, logger) };
  const [row] = await database.db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.slug, "quebec-senior-gameplay-programmer"));
  job = (await getJobOffer(database.db, row!.id, "fr"))!;
  const [open] = await database.db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.slug, "quebec-open-application"));
  openApplication = (await getJobOffer(database.db, open!.id, "fr"))!;
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.delete(outboxEmails);
});

/** Sends an application as a visitor would; answers its id and the status link of its confirmation. */
async function apply(email = "lea@example.com", lang: "fr" | "en" = "fr", offer = job) {
  const [upload] = await svc.uploads.save([{ name: "cv.pdf", bytes: pdf }]);
  const result = await submitApplication(
    svc,
    offer,
    {
      name: "Léa Tremblay",
      email,
      phone: "+14185550134",
      resume: [upload!.id],
      coverLetter: undefined,
      consent: true,
    },
    { lang },
  );
  if (result.status !== "sent") throw new Error("not sent");
  const [confirmation] = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.kind, "job-application-received"), eq(outboxEmails.to, email)));
  const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(confirmation!.text!)?.[1];
  if (!token) throw new Error("no status link in the confirmation");
  await database.db.delete(outboxEmails);
  return { id: result.id, token, confirmation: confirmation! };
}

/** What the status page shows of the application a token opens (none: not an application's). */
async function applicationPage(token: string) {
  const page = await loadStatusPage(svc, token, "fr");
  return page?.kind === "application" ? page.data : undefined;
}

const mails = (kind: string) => database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, kind));

describe("an application's status link", () => {
  it("is in the confirmation, in the applicant's language, and opens that application at its first step", async () => {
    const { id, token, confirmation } = await apply();
    expect(confirmation.text).toContain(`https://studio.example/fr/status/${token}`);
    expect(await findStatusLink(database.db, token)).toEqual({ kind: "application", itemId: id });
    const page = await applicationPage(token);
    expect(page?.stage).toBe("apply");
    expect(Object.keys(page!.reachedOn)).toEqual(["apply"]);
    // Only the token's hash is stored.
    const stored = await database.db.select().from(statusLinks).where(eq(statusLinks.itemId, id));
    expect(stored.map((row) => row.tokenHash)).not.toContain(token);
  });

  it("opens nothing once its application is deleted by the retention purge", async () => {
    const { id, token } = await apply();
    await database.db
      .update(jobApplications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(jobApplications.id, id));
    await purgeExpiredApplications(svc);
    expect(await findStatusLink(database.db, token)).toBeNull();
    expect(await loadStatusPage(svc, token, "fr")).toBeNull();
  });
});

describe("an open application's status link", () => {
  it("is in its confirmation too, and opens that application", async () => {
    const { id, token, confirmation } = await apply("ouverte@example.com", "fr", openApplication);
    expect(confirmation.to).toBe("ouverte@example.com");
    expect(confirmation.text).toContain(`https://studio.example/fr/status/${token}`);
    expect(await findStatusLink(database.db, token)).toEqual({ kind: "application", itemId: id });
    const opened = await loadStatusPage(svc, token, "fr");
    expect(opened?.title).toBe(openApplication.title);
    expect(opened?.kind === "application" && opened.data.stage).toBe("apply");
  });
});

/** The tool's commands as the studio runs them (`npm run applications -- …`). */
const tool = (name: string) => applicationCommands.find((c) => c.name === `applications.${name}`)!;
const advance = async (id: string, to?: string) =>
  (await tool("advance").run(svc as never, { id, to } as never)) as { stage: string };

describe("the skills step, for the roles that have one", () => {
  it("an application walks through all six steps to the offer with the tool's default advance, one e-mail each", async () => {
    const { id, token } = await apply("six@example.com");
    const reached: string[] = [];
    for (let move = 0; move < 5; move++) reached.push((await advance(id)).stage);
    expect(reached).toEqual(["introCall", "initialInterview", "skills", "onSite", "offer"]);
    expect((await mails("job-application-stage")).map((m) => m.to)).toEqual(Array(5).fill("six@example.com"));
    const page = await applicationPage(token);
    expect(page?.skillsStep).toBe(true);
    expect(page?.stage).toBe("offer");
    expect(Object.keys(page!.reachedOn)).toEqual([
      "apply",
      "introCall",
      "initialInterview",
      "skills",
      "onSite",
      "offer",
    ]);
    // The offer is the last step: nothing after it.
    await expect(advance(id)).rejects.toThrow(/only moves forward/);
  });

  it("a role without it (the offer's skillsStep: false): the default advance skips it, and it cannot be named", async () => {
    const { id, token } = await apply("ouverte@example.com", "fr", openApplication);
    expect((await applicationPage(token))?.skillsStep).toBe(false);
    expect((await advance(id)).stage).toBe("introCall");
    expect((await advance(id)).stage).toBe("initialInterview");
    await expect(advance(id, "skills")).rejects.toThrow(/no skills interview or assessment/);
    expect((await advance(id)).stage).toBe("onSite");
    expect((await advance(id)).stage).toBe("offer");
    const history = await database.db
      .select({ stage: jobApplicationStages.stage })
      .from(jobApplicationStages)
      .where(eq(jobApplicationStages.applicationId, id));
    expect(history.map((h) => h.stage).sort()).toEqual(
      ["apply", "introCall", "initialInterview", "onSite", "offer"].sort(),
    );
    expect(Object.keys((await applicationPage(token))!.reachedOn)).not.toContain("skills");
  });

  it("a role with it keeps it: after the initial interview comes the skills step", async () => {
    const { id } = await apply("garde@example.com");
    await advance(id, "initialInterview");
    expect((await advance(id)).stage).toBe("skills");
  });

  it("an application whose offer left the database keeps the full process", async () => {
    const { id } = await apply("partie@example.com", "fr", openApplication);
    await database.db.update(jobApplications).set({ jobOfferId: null }).where(eq(jobApplications.id, id));
    expect((await applicationStatus(database.db, id))?.skillsStep).toBe(true);
  });
});

describe("a deleted application", () => {
  it("cannot be advanced or rejected by the tool: refused with a clear message, nothing changed", async () => {
    const { id, token } = await apply("efface@example.com");
    expect(await deleteByStatusLink(svc, token)).toEqual({ ok: true, kind: "application" });
    await database.db.delete(outboxEmails);
    const before = {
      links: await database.db.$count(statusLinks),
      applications: await database.db.$count(jobApplications),
      stages: await database.db.$count(jobApplicationStages),
    };
    await expect(advance(id)).rejects.toThrow(/No application has this id: it may have been deleted/);
    await expect(advance(id, "onSite")).rejects.toThrow(/No application has this id/);
    await expect(tool("reject").run(svc as never, { id })).rejects.toThrow(/No application has this id/);
    expect(await database.db.select().from(jobApplications).where(eq(jobApplications.id, id))).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect({
      links: await database.db.$count(statusLinks),
      applications: await database.db.$count(jobApplications),
      stages: await database.db.$count(jobApplicationStages),
    }).toEqual(before);
  });
});

describe("the studio moving an application", () => {
  it("goes to the next step by default and e-mails the applicant a fresh link in their language", async () => {
    const { id } = await apply();
    const change = await moveApplication(svc, { id });
    expect(change.ok && change.status.stage).toBe("introCall");
    const [mail] = await mails("job-application-stage");
    expect(mail!.to).toBe("lea@example.com");
    expect(mail!.text).toContain("Appel de présentation");
    const token = /\/fr\/status\/([A-Za-z0-9_-]{43})/.exec(mail!.text!)?.[1];
    expect((await applicationPage(token!))?.stage).toBe("introCall");
  });

  it("may skip a step for a role without it, never go back, and knows only the process's stages", async () => {
    const { id } = await apply();
    expect((await moveApplication(svc, { id, to: "onSite" })).ok).toBe(true);
    expect(await moveApplication(svc, { id, to: "introCall" })).toEqual({ ok: false, code: "notForward" });
    expect(await moveApplication(svc, { id, to: "hired" })).toEqual({ ok: false, code: "unknownStage" });
    expect(await moveApplication(svc, { id, to: "withdrawn" })).toEqual({ ok: false, code: "unknownStage" });
    const page = await applicationPage((await apply()).token);
    expect(page?.stage).toBe("apply");
  });

  it("answers a 'not selected' with a kind e-mail, after which the application cannot be moved", async () => {
    const { id, token } = await apply("sam@example.com", "en");
    const change = await moveApplication(svc, { id, to: "notSelected" });
    expect(change.ok && change.status.stage).toBe("notSelected");
    const [mail] = await mails("job-application-not-selected");
    expect(mail!.to).toBe("sam@example.com");
    expect(mail!.text).toContain("we would be glad to read your next application");
    expect(await moveApplication(svc, { id })).toEqual({ ok: false, code: "notActive" });
    expect(await postOnStatusPage(svc, token, "withdraw")).toEqual(
      pageSays("error", "careers:status.withdraw.notActive"),
    );
  });
});

describe("the applicant withdrawing", () => {
  it("ends the application, tells recruiting and confirms to the applicant; the tools cannot move it after", async () => {
    const { id, token } = await apply();
    expect(await postOnStatusPage(svc, token, "withdraw")).toEqual(
      pageSays("success", "careers:status.withdraw.done"),
    );
    expect((await applicationPage(token))?.stage).toBe("withdrawn");
    expect((await mails("job-application-withdrawn")).map((m) => m.to)).toEqual(["lea@example.com"]);
    expect((await mails("job-application-withdrawn-recruiting")).map((m) => m.to)).toEqual([
      "jobs@stormkettle.example",
    ]);
    expect(await moveApplication(svc, { id })).toEqual({ ok: false, code: "notActive" });
    expect(await postOnStatusPage(svc, token, "withdraw")).toEqual(
      pageSays("error", "careers:status.withdraw.notActive"),
    );
    const refused = applicationCommands.find((c) => c.name === "applications.advance")!;
    await expect(refused.run(svc as never, { id })).rejects.toThrow(/withdrawn or already decided/);
  });

  it("and the studio's move crossing it: the move never lands after the withdrawal", async () => {
    const { id } = await apply();
    const [withdrawn, moved] = await Promise.all([
      withdrawApplication(svc, id),
      moveApplication(svc, { id }),
    ]);
    // Withdrawing is allowed from any step, so it always wins; the move counts only if it was
    // made first (on PostgreSQL either may commit first, on the embedded database they queue).
    expect(withdrawn.ok).toBe(true);
    const status = await applicationStatus(database.db, id);
    expect(status!.stage).toBe("withdrawn");
    expect(status!.history.map((h) => h.stage)).toEqual(
      moved.ok ? ["apply", "introCall", "withdrawn"] : ["apply", "withdrawn"],
    );
  });
});

describe("a lost link asked for again", () => {
  it("sends fresh links to every application of the address, whatever its case, and nothing for an unknown one", async () => {
    const first = await apply("kim@example.com");
    const second = await apply("kim@example.com");
    await sendStatusLinks(svc, "Kim@Example.com", "en");
    const [mail] = await mails("status-links");
    expect(mail!.to).toBe("Kim@Example.com");
    const tokens = [...mail!.text!.matchAll(/\/status\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
    expect(tokens).toHaveLength(2);
    const opened = await Promise.all(tokens.map((token) => findStatusLink(database.db, token)));
    expect(opened.map((target) => target?.itemId).sort()).toEqual([first.id, second.id].sort());

    await database.db.delete(outboxEmails);
    await sendStatusLinks(svc, "nobody@example.com", "en");
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    const links = await database.db
      .select()
      .from(statusLinks)
      .where(inArray(statusLinks.itemId, [first.id, second.id]));
    expect(links).toHaveLength(4);
  });
});
