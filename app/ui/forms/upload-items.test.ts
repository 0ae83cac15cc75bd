import { describe, expect, it } from "vitest";
import { formMessage } from "~/platform/forms/messages";
import { defaultUploadLimits } from "~/platform/forms/upload-rules";
import { createUploadItem, isUploaded, itemMessages, newUploadUuid, readServerRefusal } from "./upload-items";

const mb = 1024 * 1024;

describe("upload items (docs/requirements.md#uploads)", () => {
  it("start loading with the file's name, size in MB and type", () => {
    const file = new File([new Uint8Array(1.5 * mb)], "showreel.png", { type: "image/png" });
    expect(createUploadItem(file, defaultUploadLimits, "u1")).toEqual({
      uuid: "u1",
      name: "showreel.png",
      size: 1.5,
      type: "image/png",
      progress: 0,
      status: "loading",
      errors: { size: false, type: false },
      bytes: 1.5 * mb,
    });
  });

  it("are flagged and never sent when the type or size is wrong", () => {
    const item = createUploadItem(new File([new Uint8Array(6 * mb)], "setup.exe"), defaultUploadLimits, "u2");
    expect(item.status).toBe("error");
    expect(item.errors).toEqual({ size: true, type: true });
    expect(itemMessages(item)).toEqual([formMessage("fileType"), formMessage("fileSize")]);
  });

  it("count as uploaded only once the store gave an id", () => {
    const item = createUploadItem(new File(["x"], "a.txt"), defaultUploadLimits, "u3");
    expect(isUploaded(item)).toBe(false);
    expect(isUploaded({ ...item, status: "success", id: "id-1" })).toBe(true);
    expect(isUploaded({ ...item, status: "done", id: "id-1" })).toBe(true);
    expect(isUploaded({ ...item, status: "error", id: "id-1" })).toBe(false);
  });
});

describe("readServerRefusal", () => {
  it("turns the store's English texts back into flags and keys", () => {
    expect(readServerRefusal(["File type is not supported."])).toEqual({
      errors: { size: false, type: true },
      message: undefined,
    });
    expect(readServerRefusal(["File is to large."])).toEqual({
      errors: { size: true, type: false },
      message: undefined,
    });
    expect(readServerRefusal(["File limit (3) or max 12.5 MB files size error."])).toEqual({
      errors: { size: false, type: false },
      message: formMessage("fileLimit", { limit: 3, size: 12.5 }),
    });
  });

  it("leaves other failures to the generic status", () => {
    expect(readServerRefusal(["TOO_MANY_REQUESTS"])).toEqual({
      errors: { size: false, type: false },
      message: undefined,
    });
    expect(readServerRefusal([])).toEqual({ errors: { size: false, type: false }, message: undefined });
  });
});

describe("newUploadUuid", () => {
  it("makes RFC 4122 version 4 ids, with or without crypto.randomUUID", () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newUploadUuid()).toMatch(v4);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      expect(newUploadUuid()).toMatch(v4);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
