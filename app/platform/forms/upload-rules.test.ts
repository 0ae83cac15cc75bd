import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formMessage } from "./messages";
import { uploadFiles } from "./upload-files";
import {
  checkUpload,
  defaultUploadLimits,
  exceedsUploadLimits,
  isAllowedUploadType,
  maxMbLabel,
  sizeInMb,
  truncateFileName,
  uploadAccept,
} from "./upload-rules";
import { validateForm } from "./validate";

const kb = 1024;

describe("allowed types (docs/requirements.md#uploads)", () => {
  it.each([
    "cv.pdf",
    "photo.JPG",
    "photo.jpeg",
    "a.gif",
    "a.png",
    "notes.txt",
    "letter.doc",
    "letter.docx",
    "crash.log",
    "data.lsv",
    "data.lsx",
    "bundle.7z",
    "bundle.rar",
    "bundle.zip",
  ])("accepts %s", (name) => {
    expect(isAllowedUploadType({ name, type: "" })).toBe(true);
  });

  it("accepts any image or video by its type", () => {
    expect(isAllowedUploadType({ name: "shot.webp", type: "image/webp" })).toBe(true);
    expect(isAllowedUploadType({ name: "clip.mov", type: "video/quicktime" })).toBe(true);
  });

  it.each(["setup.exe", "run.sh", "page.html", "noextension", ".zip"])("refuses %s", (name) => {
    expect(isAllowedUploadType({ name, type: "application/octet-stream" })).toBe(false);
  });

  it("tells the file picker the same list", () => {
    expect(uploadAccept).toContain(".docx");
    expect(uploadAccept).toContain("image/*");
    expect(uploadAccept).toContain("video/*");
  });
});

describe("limits", () => {
  it("defaults to one file and 5000 KB, shown as 5 MB", () => {
    expect(defaultUploadLimits).toEqual({ maxFiles: 1, maxKb: 5000 });
    expect(maxMbLabel(defaultUploadLimits)).toBe(5);
    expect(maxMbLabel({ maxFiles: 3, maxKb: 12_500 })).toBe(12.5);
  });

  it("flags size and type before upload", () => {
    expect(checkUpload({ name: "a.pdf", type: "", size: 5000 * kb }, defaultUploadLimits)).toEqual({
      size: false,
      type: false,
    });
    expect(checkUpload({ name: "a.exe", type: "", size: 5000 * kb + 1 }, defaultUploadLimits)).toEqual({
      size: true,
      type: true,
    });
  });

  it("counts files and their total size", () => {
    const limits = { maxFiles: 2, maxKb: 100 };
    expect(exceedsUploadLimits([{ size: 50 * kb }, { size: 50 * kb }], limits)).toBe(false);
    expect(exceedsUploadLimits([{ size: 50 * kb }, { size: 50 * kb + 1 }], limits)).toBe(true);
    expect(exceedsUploadLimits([{ size: 1 }, { size: 1 }, { size: 1 }], limits)).toBe(true);
  });

  it("gives sizes in MB with two decimals", () => {
    expect(sizeInMb(1024 * 1024)).toBe(1);
    expect(sizeInMb(1_500_000)).toBe(1.43);
  });
});

describe("truncateFileName", () => {
  it("keeps names of 20 characters or fewer", () => {
    expect(truncateFileName("exactly-twenty-c.pdf")).toBe("exactly-twenty-c.pdf");
  });
  it("cuts longer names to 20 characters, keeping the extension", () => {
    const cut = truncateFileName("my-very-long-portfolio-final-v3.pdf");
    expect([...cut]).toHaveLength(20);
    expect(cut).toBe("my-very-long-po….pdf");
  });
  it("cuts names without a short extension at the end", () => {
    expect(truncateFileName("a-name-without-any-extension-at-all")).toBe("a-name-without-any-…");
  });
  it("counts characters, not UTF-16 units", () => {
    expect([...truncateFileName(`${"é".repeat(30)}.png`)]).toHaveLength(20);
  });
});

describe("uploadFiles schema", () => {
  const post = (schema: z.ZodType, values: (File | string)[]) => {
    const formData = new FormData();
    for (const value of values) formData.append("files", value);
    const submission = validateForm(formData, z.object({ files: schema }));
    return submission.status === "success" ? { value: submission.value } : { errors: submission.error };
  };
  const id = "0b9f7a6e-2c1d-4f3a-9b8c-7d6e5f4a3b2c";

  it("takes upload ids (JavaScript) or files (no JavaScript)", () => {
    expect(post(uploadFiles(), [id]).value).toEqual({ files: [id] });
    const file = new File(["hello"], "notes.txt", { type: "text/plain" });
    const value = post(uploadFiles(), [file]).value as { files: File[] };
    expect(value.files[0]?.name).toBe("notes.txt");
  });

  it("is optional unless required", () => {
    expect(post(uploadFiles(), []).value).toEqual({ files: [] });
    expect(post(uploadFiles(defaultUploadLimits, { required: true }), []).errors).toEqual({
      files: [formMessage("required")],
    });
  });

  it("ignores the empty file a browser posts when none was chosen", () => {
    expect(post(uploadFiles(), [new File([], "")]).value).toEqual({ files: [] });
  });

  it("refuses types, sizes and counts with the texts of docs/requirements.md#validation-messages", () => {
    expect(post(uploadFiles(), [new File(["MZ"], "setup.exe")]).errors).toEqual({
      files: [formMessage("fileType")],
    });
    expect(post(uploadFiles(), [new File([new Uint8Array(5000 * kb + 1)], "big.pdf")]).errors).toEqual({
      files: [formMessage("fileSize")],
    });
    expect(post(uploadFiles(), [id, id]).errors).toEqual({
      files: [formMessage("fileLimit", { limit: 1, size: 5 })],
    });
    const limits = { maxFiles: 2, maxKb: 10 };
    const six = new File([new Uint8Array(6 * kb)], "a.pdf");
    expect(post(uploadFiles(limits), [six, six]).errors).toEqual({
      files: [formMessage("fileLimit", { limit: 2, size: 0.01 })],
    });
  });
});
