import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import type { JobOffer } from "~/features/jobs";
import { getJobOffer } from "~/features/jobs/index.server";
import { jobOffers } from "~/features/jobs/tables";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, uploads } from "~/platform/db/schema";
import { createLocalFileStore } from "~/platform/files/file-store.server";
import { createLogger } from "~/platform/logging.server";
import { pdf, png } from "~/platform/uploads/test-samples";
import { createUploadStore, type UploadStore } from "~/platform/uploads/upload-store.server";
import { contentKinds } from "../../../server/content-kinds";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import {
  ApplicationRefused,
  applicableOffer,
  purgeExpiredApplications,
  submitApplication,
} from "./application.server";
import { type ApplicationInput, applicationSchema } from "./application-form";
import { jobApplications } from "./tables";

let database: Database;
let store: UploadStore;
let dir: string;
let job: JobOffer;
let svc: Parameters<typeof submitApplication>[0];

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "careers-uploads-"));
  const logger = createLogger("silent");
  store = createUploadStore({
    db: database.db,
    files: createLocalFileStore(dir),
    limits: { maxFiles: 1, maxKb: 5000 },
    logger,
  });
  svc = {
    db: database.db,
    config: parseConfig({ PUBLIC_URL: "https://studio.example" }),
    logger,
    uploads: store,
  };
  const [row] = await database.db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.slug, "quebec-senior-gameplay-programmer"));
  job = (await getJobOffer(database.db, row!.id, "fr"))!;
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function input(resume: (string | File)[], extra: Partial<ApplicationInput> = {}): ApplicationInput {
  return {
    name: "Léa Tremblay",
    email: "lea@example.com",
    phone: "+14185550134",
    resume,
    coverLetter: "J’aimerais bâtir vos systèmes de jeu.",
    portfolio: "https://lea.example",
    consent: true,
    ...extra,
  };
}

describe("the application form's schema", () => {
  it("takes a pdf/doc/docx résumé, an https portfolio and no salary question", () => {
    const shape = Object.keys(applicationSchema.shape);
    expect(shape.some((key) => /salary|pay|wage/i.test(key))).toBe(false);
    const base = {
      name: "A",
      email: "a@example.com",
      phone: { country: "CA", number: "418 555 0134" },
      consent: true,
    };
    const ok = applicationSchema.safeParse({ ...base, resume: [new File([pdf], "cv.pdf")] });
    expect(ok.success && ok.data.phone).toBe("+14185550134");
    const wrong = applicationSchema.safeParse({ ...base, resume: [new File([png], "cv.png")] });
    expect(wrong.error?.issues.map((i) => i.message)).toContain("careers:apply.errors.resumeType");
    const http = applicationSchema.safeParse({
      ...base,
      resume: [new File([pdf], "cv.pdf")],
      portfolio: "http://x.example",
    });
    expect(http.error?.issues.map((i) => i.message)).toContain("careers:apply.errors.portfolio");
    expect(applicationSchema.safeParse({ ...base, resume: [] }).success).toBe(false);
  });
});

describe("submitApplication", () => {
  it("stores the application with its résumé and queues the two e-mails, in one transaction", async () => {
    const [upload] = await store.save([{ name: "lea-cv.pdf", bytes: pdf }]);
    const result = await submitApplication(svc, job, input([upload!.id]), { lang: "fr" });
    expect(result.status).toBe("sent");
    const id = (result as { id: string }).id;
    const [row] = await database.db.select().from(jobApplications).where(eq(jobApplications.id, id));
    expect(row).toMatchObject({
      jobOfferId: job.id,
      name: "Léa Tremblay",
      phone: "+14185550134",
      language: "fr",
    });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(
      180 * 24 * 3600_000 - 5 * 24 * 3600_000,
    );
    const [attached] = await database.db.select().from(uploads).where(eq(uploads.id, upload!.id));
    expect(attached!.attachedTo).toBe(`job-application:${id}`);
    const mails = await database.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.kind, "job-application-%"));
    const applicant = mails.find((m) => m.kind === "job-application-received");
    const recruiting = mails.find((m) => m.kind === "job-application-recruiting");
    expect(applicant).toMatchObject({ to: "lea@example.com" });
    expect(applicant!.subject).toContain("Programmeur ou programmeuse gameplay senior");
    // A confirmation, not a copy of what the applicant wrote.
    expect(applicant!.text).not.toContain("bâtir vos systèmes");
    expect(applicant!.text).toContain("6 mois");
    expect(recruiting).toMatchObject({ to: "jobs@stormkettle.example" });
    expect(recruiting!.text).toContain("bâtir vos systèmes");
    expect(recruiting!.text).toContain("lea-cv.pdf");
    expect(recruiting!.attachments).toEqual([
      { filename: "lea-cv.pdf", file: `uploads/${upload!.id}`, contentType: "application/pdf" },
    ]);
  });

  it("takes a file posted without JavaScript through the upload store", async () => {
    const result = await submitApplication(
      svc,
      job,
      input([new File([pdf], "cv.pdf")], { email: "nojs@example.com" }),
      {
        lang: "en",
      },
    );
    expect(result.status).toBe("sent");
  });

  it("refuses a résumé that is not a pdf/doc/docx and stores nothing", async () => {
    const before = (await database.db.select().from(jobApplications)).length;
    const [image] = await store.save([{ name: "cv.png", bytes: png }]);
    await expect(submitApplication(svc, job, input([image!.id]), { lang: "en" })).rejects.toEqual(
      new ApplicationRefused("resumeType"),
    );
    await expect(
      submitApplication(svc, job, input([new File([png], "cv.png")]), { lang: "en" }),
    ).rejects.toBeInstanceOf(ApplicationRefused);
    expect(await database.db.select().from(jobApplications)).toHaveLength(before);
    const [still] = await database.db.select().from(uploads).where(eq(uploads.id, image!.id));
    expect(still!.attachedTo).toBeNull();
  });

  it("drops a filled honeypot and refuses an unknown upload", async () => {
    const before = (await database.db.select().from(jobApplications)).length;
    expect(await submitApplication(svc, job, input([], { website: "spam" }), { lang: "en" })).toEqual({
      status: "dropped",
    });
    await expect(
      submitApplication(svc, job, input(["00000000-0000-4000-8000-000000000000"]), { lang: "en" }),
    ).rejects.toEqual(new ApplicationRefused("resumeInvalid"));
    expect(await database.db.select().from(jobApplications)).toHaveLength(before);
  });

  it("offers the form only for open offers without a recruiting service", async () => {
    expect(await applicableOffer(svc, job.id, "fr")).not.toBeNull();
    await database.db
      .update(jobOffers)
      .set({ applyUrl: "https://jobs.example/1" })
      .where(eq(jobOffers.id, job.id));
    expect(await applicableOffer(svc, job.id, "fr")).toBeNull();
    await database.db
      .update(jobOffers)
      .set({ applyUrl: null, status: "closed" })
      .where(eq(jobOffers.id, job.id));
    expect(await applicableOffer(svc, job.id, "fr")).toBeNull();
    await database.db.update(jobOffers).set({ status: "open" }).where(eq(jobOffers.id, job.id));
    expect(await applicableOffer(svc, 999999, "fr")).toBeNull();
  });
});

describe("retention", () => {
  it("deletes applications past their date with their résumé's row and file", async () => {
    const [upload] = await store.save([{ name: "old.pdf", bytes: pdf }]);
    const longAgo = new Date(Date.now() - 200 * 24 * 3600_000);
    const result = await submitApplication(svc, job, input([upload!.id], { email: "old@example.com" }), {
      lang: "en",
      now: longAgo,
    });
    const id = (result as { id: string }).id;
    const kept = (await database.db.select().from(jobApplications)).length - 1;
    expect(fs.existsSync(path.join(dir, "uploads", upload!.id))).toBe(true);
    expect(await purgeExpiredApplications(svc)).toBe(1);
    expect(await database.db.select().from(jobApplications).where(eq(jobApplications.id, id))).toEqual([]);
    expect(await database.db.select().from(jobApplications)).toHaveLength(kept);
    expect(await database.db.select().from(uploads).where(eq(uploads.id, upload!.id))).toEqual([]);
    expect(fs.existsSync(path.join(dir, "uploads", upload!.id))).toBe(false);
  });
});
