/**
 * Sends one file to the upload store (docs/requirements.md#uploads: multipart POST, field `file`
 * plus payload fields; success is status 200 with an `id`). XMLHttpRequest rather than fetch
 * because only it reports upload progress.
 */

export type UploadAnswer = { id: string; deleteUrl?: string };

export class UploadFailed extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(messages.join("; ") || `Upload failed with status ${status}`);
  }
}

export type UploadRequest = { done: Promise<UploadAnswer>; abort: () => void };

function readAnswer(xhr: XMLHttpRequest): { id?: unknown; deleteUrl?: unknown; messages?: unknown } {
  try {
    const body = JSON.parse(xhr.responseText) as unknown;
    return body && typeof body === "object" ? body : {};
  } catch {
    return {};
  }
}

export function sendUpload(
  url: string,
  file: File,
  payload: Record<string, string>,
  onProgress: (percent: number) => void,
): UploadRequest {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadAnswer>((resolve, reject) => {
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener("load", () => {
      const answer = readAnswer(xhr);
      if (xhr.status === 200 && typeof answer.id === "string" && answer.id) {
        onProgress(100);
        resolve({
          id: answer.id,
          deleteUrl: typeof answer.deleteUrl === "string" ? answer.deleteUrl : undefined,
        });
        return;
      }
      const messages = Array.isArray(answer.messages)
        ? answer.messages.filter((m): m is string => typeof m === "string")
        : [];
      reject(new UploadFailed(xhr.status, messages));
    });
    xhr.addEventListener("error", () => reject(new UploadFailed(0, [])));
    xhr.addEventListener("abort", () => reject(new UploadFailed(0, [])));
  });
  const body = new FormData();
  for (const [name, value] of Object.entries(payload)) body.append(name, value);
  body.append("file", file);
  xhr.open("POST", url);
  xhr.setRequestHeader("Accept", "application/json");
  xhr.send(body);
  return { done, abort: () => xhr.abort() };
}

/** Lets the store drop a file the visitor removed; a failure only leaves it to the daily purge. */
export function discardUpload(deleteUrl: string): void {
  void fetch(deleteUrl, { method: "DELETE" }).catch(() => undefined);
}
