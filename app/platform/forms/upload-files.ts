import { z } from "zod";
import { formMessage } from "./messages";
import {
  defaultUploadLimits,
  exceedsUploadLimits,
  isAllowedUploadType,
  maxBytes,
  maxMbLabel,
  type UploadLimits,
} from "./upload-rules";

// The upload field's schema, apart from the rules (upload-rules.ts) so UploadWidget renders
// without bringing Zod into the page.

const uploadId = z.uuid();

/**
 * An upload field. With JavaScript, the widget has already sent each file to the upload store
 * and submits their ids; without it, the browser posts the files themselves, which the feature
 * then hands to the upload store. Either way the same limits and texts apply.
 */
export function uploadFiles(limits: UploadLimits = defaultUploadLimits, { required = false } = {}) {
  const limitMessage = formMessage("fileLimit", { limit: limits.maxFiles, size: maxMbLabel(limits) });
  const items = z
    .array(z.union([z.file(), uploadId], { error: formMessage("fileType") }))
    .superRefine((list, ctx) => {
      const files = list.filter((item): item is File => typeof item !== "string");
      if (list.length > limits.maxFiles) {
        ctx.addIssue({ code: "custom", message: limitMessage });
        return;
      }
      if (files.some((file) => !isAllowedUploadType(file))) {
        ctx.addIssue({ code: "custom", message: formMessage("fileType") });
      }
      if (files.some((file) => file.size > maxBytes(limits))) {
        ctx.addIssue({ code: "custom", message: formMessage("fileSize") });
      } else if (exceedsUploadLimits(files, limits)) {
        ctx.addIssue({ code: "custom", message: limitMessage });
      }
    });
  // Optional fields say so to the form (no asterisk, no `required`) and still give a list.
  return required
    ? items.refine((list) => list.length > 0, formMessage("required"))
    : items.optional().transform((list) => list ?? []);
}
