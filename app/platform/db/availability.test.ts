import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnreachable, trackAvailability } from "./availability.server";

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe("isDatabaseUnreachable", () => {
  it("knows a refused, lost or ended connection, wrapped or not", () => {
    const refused = coded("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432");
    expect(isDatabaseUnreachable(refused)).toBe(true);
    // Drizzle's wrapper, and Node's error for a name of several addresses.
    expect(isDatabaseUnreachable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([refused, refused]))).toBe(true);
    // pg_ctl stop (admin shutdown), a server starting up, a connection exception.
    expect(isDatabaseUnreachable(coded("57P01"))).toBe(true);
    expect(isDatabaseUnreachable(coded("57P03"))).toBe(true);
    expect(isDatabaseUnreachable(coded("08006"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnreachable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves a wrong query, a broken constraint and anything else a 500", () => {
    expect(isDatabaseUnreachable(coded("42601", "syntax error"))).toBe(false);
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: coded("23505") }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});

describe("trackAvailability", () => {
  it("is down from a lost connection until a ping answers, and says so once each way", async () => {
    vi.useFakeTimers();
    try {
      let answers = false;
      const logger = { warn: vi.fn(), info: vi.fn() };
      const availability = trackAvailability(
        async () => {
          if (!answers) throw coded("ECONNREFUSED");
        },
        { logger, probeMs: 1000 },
      );
      expect(availability.up()).toBe(true);
      availability.lost(coded("57P01"));
      availability.lost(coded("ECONNREFUSED"));
      expect(availability.up()).toBe(false);
      // The probe keeps asking while the database does not answer.
      await vi.advanceTimersByTimeAsync(3000);
      expect(availability.up()).toBe(false);
      answers = true;
      await vi.advanceTimersByTimeAsync(1000);
      expect(availability.up()).toBe(true);
      expect(logger.warn).toHaveBeenCalledOnce();
      expect(logger.info).toHaveBeenCalledOnce();
      availability.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
