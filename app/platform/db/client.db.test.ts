import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { Database } from "./client.server";
import { outboxEmails } from "./schema";

describe("database", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("has every migrated table", async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(["offices", "job_offers", "outbox_emails", "uploads"]));
  });

  it("rolls back a failed transaction whole", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(outboxEmails).values({ kind: "t", to: "a@b.c", subject: "s", html: "h", text: "t" });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    const count = await database.db.$count(outboxEmails);
    expect(count).toBe(0);
  });
});
