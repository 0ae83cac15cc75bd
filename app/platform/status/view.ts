import type { FormReply } from "~/platform/forms/parse-form.server";
import type { UploadLimits } from "~/platform/forms/upload-rules";

/**
 * What the status page hands the view of a submission's kind (registered beside its source,
 * source.server.ts): the data its source shaped, and the page around it.
 */
export type StatusViewProps<Data> = {
  data: Data;
  /** This page's address in the visitor's language: the target of its forms. */
  pageUrl: string;
  /**
   * What the address asks the page to confirm (`?withdraw=1` gives "withdraw"): without
   * JavaScript a confirmation is a page of its own.
   */
  asking: readonly string[];
  uploadLimits: UploadLimits;
  /** The last post's errors, for a form the view holds. */
  lastResult: FormReply | undefined;
};
