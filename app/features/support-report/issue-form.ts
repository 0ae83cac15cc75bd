import { z } from "zod";
import { checkedBox, choice, email, requiredString } from "~/platform/forms/fields";
import { uploadFiles } from "~/platform/forms/upload-files";
import { defaultUploadLimits } from "~/platform/forms/upload-rules";
import { issueCategories, issueHoneypot, issuePlatforms } from "./issue-choices";

/**
 * The issue report form, shared by the browser and the server. `game` is a content game's slug
 * (checked against content on the server); attachments follow docs/requirements.md#uploads (1 file,
 * 5000 KB).
 */
export const issueSchema = z.object({
  category: choice(issueCategories),
  game: requiredString(80).regex(/^[a-z0-9-]+$/, "forms:validation.invalidOption"),
  platform: choice(issuePlatforms),
  email: email(),
  summary: requiredString(150),
  description: requiredString(5000, { min: 20 }),
  attachments: uploadFiles(defaultUploadLimits),
  consent: checkedBox(),
  [issueHoneypot]: z.string().max(500).optional(),
});

export type IssueInput = z.output<typeof issueSchema>;

/**
 * What a reporter adds from the status page while the studio needs information: a comment and
 * one attachment, under the report form's own upload rules.
 */
export const issueCommentSchema = z.object({
  comment: requiredString(5000, { min: 10 }),
  attachments: uploadFiles(defaultUploadLimits),
});

export type IssueCommentInput = z.output<typeof issueCommentSchema>;
