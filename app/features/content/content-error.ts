/**
 * A content tree that cannot be loaded. Each problem reads "content/<file>: <field>: <why>" so
 * the person editing the files sees where to look; the process refuses to start with it.
 */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? `Invalid content: ${problems[0]}`
        : `Invalid content (${problems.length} problems):\n  ${problems.join("\n  ")}`,
    );
    this.name = "ContentError";
  }
}
