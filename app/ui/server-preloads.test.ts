import { describe, expect, it } from "vitest";
import { preloadOnServer, serverPreloadsReady } from "./server-preloads";

describe("server preloads", () => {
  it("waits for what the loaded modules preload in turn, and lets a failed one go", async () => {
    const settled: string[] = [];
    // A form's module: loading it evaluates it, which preloads its schema.
    preloadOnServer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      settled.push("form");
      preloadOnServer(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        settled.push("schema");
      });
    });
    preloadOnServer(() => Promise.reject(new Error("chunk missing")));
    await serverPreloadsReady();
    expect(settled).toEqual(["form", "schema"]);
  });
});
