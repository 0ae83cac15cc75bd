// Apart from the schema (signup-form.ts) so the sign-up form renders without loading Zod.

/**
 * The four commitments of docs/requirements.md#playtesting, each a required checkbox, in the order
 * the form shows them.
 */
export const playtestCommitments = ["over18", "english", "inPersonDay", "nda"] as const;
