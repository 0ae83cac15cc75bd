import type { UploadLimits } from "~/platform/forms/upload-rules";

// The application form's names and limits its component needs, apart from the schema
// (application-form.ts) so the page does not load Zod to render the form.

/** A résumé is one pdf, doc or docx file within the upload size limit (docs/requirements.md#uploads). */
export const resumeExtensions = ["pdf", "doc", "docx"] as const;
export const resumeLimits: UploadLimits = { maxFiles: 1, maxKb: 5000 };

/**
 * The honeypot: a field people never see (hidden by CSS, out of the tab order and hidden from
 * assistive technology) that form-filling bots tend to fill; such a submission is answered as
 * sent and dropped.
 */
export const applicationHoneypot = "website";
