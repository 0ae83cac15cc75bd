import { formMessage } from "~/platform/forms/messages";
import { checkUpload, sizeInMb, type UploadLimits } from "~/platform/forms/upload-rules";

/**
 * The upload item of docs/requirements.md#uploads, plus what the widget needs to send, show and
 * remove it.
 */
export type UploadStatus = "loading" | "success" | "done" | "error";

export type UploadItem = {
  uuid: string;
  name: string;
  /** In MB, two decimals. */
  size: number;
  /** The file's media type as the browser reports it (may be empty). */
  type: string;
  /** 0-100. */
  progress: number;
  status: UploadStatus;
  /** Given by the upload store once it has the file. */
  id?: string;
  errors: { size: boolean; type: boolean };
  bytes: number;
  deleteUrl?: string;
  /** Why it failed, as a message key or a text from the server. */
  message?: string;
};

/**
 * The item's own id. crypto.randomUUID exists only in secure contexts (HTTPS, localhost); a
 * site tried over plain HTTP on a LAN still works with random bytes laid out the same way.
 */
export function newUploadUuid(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createUploadItem(file: File, limits: UploadLimits, uuid: string): UploadItem {
  const errors = checkUpload(file, limits);
  const refused = errors.size || errors.type;
  return {
    uuid,
    name: file.name,
    size: sizeInMb(file.size),
    type: file.type,
    progress: 0,
    status: refused ? "error" : "loading",
    errors,
    bytes: file.size,
  };
}

/** The messages to show under an item: its flags first, then what the server said. */
export function itemMessages(item: UploadItem): string[] {
  const messages: string[] = [];
  if (item.errors.type) messages.push(formMessage("fileType"));
  if (item.errors.size) messages.push(formMessage("fileSize"));
  if (item.message && !messages.includes(item.message)) messages.push(item.message);
  return messages;
}

const limitText = /^File limit \((\d+)\) or max ([\d.]+) MB files size error\.$/;

/**
 * The upload store answers with the English texts of docs/requirements.md#validation-messages; they
 * become the kit's keys again so the visitor reads them in their language, and set the item's
 * flags.
 */
export function readServerRefusal(messages: readonly string[]): Pick<UploadItem, "errors" | "message"> {
  const errors = { size: false, type: false };
  let message: string | undefined;
  for (const text of messages) {
    if (text === "File type is not supported.") errors.type = true;
    else if (text === "File is to large.") errors.size = true;
    else {
      const limit = limitText.exec(text);
      message = limit
        ? formMessage("fileLimit", { limit: Number(limit[1]), size: Number(limit[2]) })
        : message;
    }
  }
  return { errors, message };
}

/** A file the store accepted shows "Uploaded" for a moment, then settles as ready. */
export const settleDelayMs = 1500;

export function isUploaded(item: UploadItem): boolean {
  return (item.status === "success" || item.status === "done") && Boolean(item.id);
}
