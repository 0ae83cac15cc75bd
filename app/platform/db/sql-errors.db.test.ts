import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/support/test-db";
import type { Database } from "./client.server";
import { jobApplicationStages } from "./schema/careers";
import { statusLinks } from "./schema/status";
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
  });
  afterAll(() => database.close());

  it("tells a link to a row deleted meanwhile (foreign key) from a name already taken (unique)", async () => {
    const gone = await failure(() =>
      database.db.insert(jobApplicationStages).values({ applicationId: crypto.randomUUID(), stage: "apply" }),
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
