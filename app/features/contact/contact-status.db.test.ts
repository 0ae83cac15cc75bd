import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadContent } from "~/features/content/index.server";
import { deleteByStatusLink, loadStatusPage } from "~/features/status/index.server";
import { parseConfig } from "~/platform/config.server";
import type { Database } from "~/platform/db/client.server";
import { outboxEmails, statusLinks } from "~/platform/db/schema";
import { findStatusLink } from "~/platform/status/links.server";
import { contentKinds } from "../../../server/content-kinds";
import { testServices } from "../../../tests/support/services";
import { testContent } from "../../../tests/support/test-content";
import { createTestDatabase } from "../../../tests/support/test-db";
import { purgeExpiredContactData, sendContactMessage } from "./contact.server";
import { contactStatus, listContactMessages, markAnswered } from "./contact-status.server";
import { contactMessages } from "./tables";
import { contactCommands } from "./tools.server";

let database: Database;
const config = parseConfig({ PUBLIC_URL: "https://studio.example" });
let svc: { db: Database["db"]; config: typeof config };

beforeAll(async () => {
  database = await createTestDatabase();
  await loadContent(database.db, testContent, contentKinds, { info: () => {}, warn: () => {} });
  svc = { db: database.db, config };
});

afterAll(async () => {
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(outboxEmails);
});

/** Sends a message as the contact form does; answers its id and the acknowledgement's status link. */
async function send(email = "noor@example.com", lang: "fr" | "en" = "fr") {
  const { id } = await sendContactMessage(
    svc,
    {
      category: "business",
      name: "Noor Haddad",
      email,
      subject: "Festival booth in Montréal",
      message: "Would the studio like a booth at our festival next spring?",
    },
    { lang },
  );
  const [ack] = await database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.kind, "contact-acknowledgement"));
  const token = /\/status\/([A-Za-z0-9_-]{43})/.exec(ack!.text!)?.[1];
  if (!token) throw new Error("no status link in the acknowledgement");
  await database.db.delete(outboxEmails);
  return { id, token, ack: ack! };
}

const page = async (token: string) => {
  const opened = await loadStatusPage(svc, token, "fr");
  return opened?.kind === "contact" ? opened.data : undefined;
};

describe("a contact message's status link", () => {
  it("is in the acknowledgement, in the sender's language, and opens that message as received", async () => {
    const { id, token, ack } = await send();
    expect(ack.to).toBe("noor@example.com");
    expect(ack.text).toContain(`https://studio.example/fr/status/${token}`);
    expect(await findStatusLink(database.db, token)).toEqual({ kind: "contact", itemId: id });
    const opened = await loadStatusPage(svc, token, "fr");
    expect(opened?.title).toBe("Festival booth in Montréal");
    expect(await page(token)).toMatchObject({ category: "business", status: "received", answeredOn: null });
  });

  it("opens nothing once the retention purge deleted its message", async () => {
    const { id, token } = await send();
    await database.db
      .update(contactMessages)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contactMessages.id, id));
    await purgeExpiredContactData(svc);
    expect(await database.db.select().from(statusLinks).where(eq(statusLinks.itemId, id))).toEqual([]);
    expect(await findStatusLink(database.db, token)).toBeNull();
    expect(await loadStatusPage(svc, token, "fr")).toBeNull();
  });
});

describe("the studio marking a message answered", () => {
  it("shows it answered with the day, e-mails nothing, and cannot mark it twice", async () => {
    const { id, token } = await send();
    const change = await markAnswered(database.db, id, new Date("2027-03-04T15:00:00Z"));
    expect(change.ok && change.status.status).toBe("answered");
    expect(await page(token)).toMatchObject({ status: "answered", answeredOn: "4 mars 2027" });
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect(await markAnswered(database.db, id)).toEqual({ ok: false, code: "alreadyAnswered" });
    const answered = contactCommands.find((c) => c.name === "contact.answered")!;
    await expect(answered.run(svc as never, { id })).rejects.toThrow(/already marked answered/);
    await expect(answered.run(svc as never, { id: "00000000-0000-4000-8000-000000000000" })).rejects.toThrow(
      /No contact message/,
    );
  });

  it("lists by status", async () => {
    const { id } = await send("list@example.com");
    expect((await listContactMessages(database.db, { status: "received" })).map((m) => m.id)).toContain(id);
    await markAnswered(database.db, id);
    expect((await listContactMessages(database.db, { status: "received" })).map((m) => m.id)).not.toContain(
      id,
    );
    const [row] = (await listContactMessages(database.db, { status: "answered" })).filter((m) => m.id === id);
    expect(row).toMatchObject({ email: "list@example.com", status: "answered" });
  });

  it("twice at once: exactly one of them wins", async () => {
    const { id } = await send();
    const marks = await Promise.all([markAnswered(database.db, id), markAnswered(database.db, id)]);
    expect(marks.filter((m) => m.ok)).toHaveLength(1);
    expect(marks.filter((m) => !m.ok)).toEqual([{ ok: false, code: "alreadyAnswered" }]);
    expect((await contactStatus(database.db, id))?.status).toBe("answered");
  });
});

describe("a deleted contact message", () => {
  it("cannot be marked answered by the tool: refused with a clear message, nothing changed", async () => {
    const { id, token } = await send("efface@example.com");
    // The sender's own "Delete now" (the data-rights deletion behind the status page).
    const rights = testServices(database, config);
    expect(await deleteByStatusLink(rights, token)).toEqual({ ok: true, kind: "contact" });
    await database.db.delete(outboxEmails);
    const before = {
      links: await database.db.$count(statusLinks),
      messages: await database.db.$count(contactMessages),
    };
    const answered = contactCommands.find((c) => c.name === "contact.answered")!;
    await expect(answered.run(svc as never, { id })).rejects.toThrow(
      /No contact message has this id: it may have been deleted/,
    );
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toEqual([]);
    expect(await database.db.select().from(outboxEmails)).toEqual([]);
    expect({
      links: await database.db.$count(statusLinks),
      messages: await database.db.$count(contactMessages),
    }).toEqual(before);
  });
});
