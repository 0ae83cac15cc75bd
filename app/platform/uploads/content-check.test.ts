import { describe, expect, it } from "vitest";
import { checkUploadContent, extensionOf } from "./content-check.server";
import * as sample from "./test-samples";

describe("checkUploadContent", () => {
  it.each([
    ["screenshot.png", sample.png, "image/png"],
    ["photo.jpg", sample.jpeg, "image/jpeg"],
    ["photo.JPEG", sample.jpeg, "image/jpeg"],
    ["anim.gif", sample.gif, "image/gif"],
    ["report.pdf", sample.pdf, "application/pdf"],
    ["notes.txt", sample.text, "text/plain; charset=utf-8"],
    ["game.log", sample.text, "text/plain; charset=utf-8"],
    ["save.lsx", Buffer.from('<?xml version="1.0"?><save/>'), "text/plain; charset=utf-8"],
    ["logs.zip", sample.zip({ "a.log": "hello" }), "application/zip"],
    ["cv.docx", sample.docx, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("accepts %s by its content", async (name, bytes, mimeType) => {
    expect(await checkUploadContent(name, bytes)).toEqual({
      ok: true,
      mimeType,
      extension: extensionOf(name),
    });
  });

  it.each([
    ["an executable renamed .png", "cute-cat.png", sample.windowsExecutable],
    ["an executable renamed .txt", "readme.txt", sample.windowsExecutable],
    ["a Linux executable renamed .log", "game.log", sample.linuxExecutable],
    ["a script renamed .txt", "notes.txt", sample.shellScript],
    ["PNG bytes named .pdf", "report.pdf", sample.png],
    ["PDF bytes named .png", "image.png", sample.pdf],
    ["a plain ZIP named .docx", "cv.docx", sample.zip({ "a.txt": "x" })],
    ["a Word document named .zip", "files.zip", sample.docx],
    ["invalid UTF-8 named .txt", "notes.txt", sample.invalidUtf8],
    ["binary data with NUL bytes named .log", "game.log", Buffer.from([0x41, 0x00, 0x42])],
    ["text with an unlisted extension", "page.html", Buffer.from("<script>alert(1)</script>")],
    [
      "an SVG (which can carry scripts) named .png",
      "logo.png",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ],
    ["text with no extension", "README", sample.text],
    ["an empty file", "empty.txt", Buffer.alloc(0)],
  ])("refuses %s", async (_what, name, bytes) => {
    expect(await checkUploadContent(name, bytes)).toEqual({ ok: false });
  });
});

describe("extensionOf", () => {
  it("reads the last extension of the base name, lower-cased", () => {
    expect(extensionOf("Photo.Final.JPG")).toBe("jpg");
    expect(extensionOf("C:\\Users\\ada\\notes.txt")).toBe("txt");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("folder.d/README")).toBe("");
  });
});
