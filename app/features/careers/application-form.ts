import { z } from "zod";
import { checkedBox, email, optionalString, requiredString } from "~/platform/forms/fields";
import { encodeMessage } from "~/platform/forms/messages";
import { phoneE164 } from "~/platform/forms/phone";
import { uploadFiles } from "~/platform/forms/upload-files";
import { applicationHoneypot, resumeExtensions, resumeLimits } from "./application-limits";

/**
 * The job application form, shared by the browser and the server. No question about
 * pay or salary history: EU Directive 2023/970 forbids asking, and the studio does not want it.
 */

export function isResumeName(name: string): boolean {
  const dot = name.lastIndexOf(".");
  return dot > 0 && (resumeExtensions as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

export const resumeTypeMessage = encodeMessage("careers:apply.errors.resumeType");

export const applicationSchema = z.object({
  name: requiredString(120),
  email: email(),
  phone: phoneE164(),
  resume: uploadFiles(resumeLimits, { required: true }).superRefine((items, ctx) => {
    // Files posted without JavaScript are checked by name here; uploaded ids on the server.
    if (items.some((item) => typeof item !== "string" && !isResumeName(item.name))) {
      ctx.addIssue({ code: "custom", message: resumeTypeMessage });
    }
  }),
  coverLetter: optionalString(5000),
  portfolio: optionalString(500).pipe(
    z.url({ protocol: /^https$/, error: encodeMessage("careers:apply.errors.portfolio") }).optional(),
  ),
  consent: checkedBox(),
  [applicationHoneypot]: z.string().max(500).optional(),
});

export type ApplicationInput = z.output<typeof applicationSchema>;
