import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { Database } from "./client.server";
import { statusLinks } from "./schema";
import { isForeignKeyViolation, isUniqueViolation, uniqueViolation } from "./sql-errors";

/** The errors the database itself throws, through Drizzle, on PGlite or PostgreSQL. */
async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error("the statement did not fail");
}

describe("what a failed statement says", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A parent and a child of the test's own: the platform's tables hold no foreign key.
    await database.db.execute(sql`create table test_parents (id uuid primary key)`);
    await database.db.execute(
      sql`create table test_children (parent_id uuid not null references test_parents (id))`,
    );
  });
  afterAll(() => database.close());

  it("tells a link to a row deleted meanwhile (foreign key) from a name already taken (unique)", async () => {
    const gone = await failure(() =>
      database.db.execute(sql`insert into test_children (parent_id) values (${crypto.randomUUID()})`),
    );
    expect(isForeignKeyViolation(gone)).toBe(true);
    expect(isUniqueViolation(gone)).toBe(false);

    const tokenHash = crypto.randomBytes(16).toString("hex");
    const link = { tokenHash, kind: "application", itemId: crypto.randomUUID() };
    await database.db.insert(statusLinks).values(link);
    const taken = await failure(() => database.db.insert(statusLinks).values(link));
    expect(uniqueViolation(taken)).toBe("status_links_pkey");
    expect(isForeignKeyViolation(taken)).toBe(false);
  });
});
