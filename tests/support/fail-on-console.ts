import { afterEach, vi } from "vitest";

// A test that makes the code log an error has found a bug, even if its assertions pass.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length) throw new Error(`console.error was called: ${seen.map((a) => a.join(" ")).join("\n")}`);
});
