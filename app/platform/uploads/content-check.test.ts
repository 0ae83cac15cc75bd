import { describe, expect, it } from "vitest";
import { checkUploadContent } from "./content-check.server";
import { extensionOf } from "./program-check.server";
import * as sample from "./test-samples";

const benign = { "logs/game.log": sample.text, "shots/crash.png": sample.png };
const benign7z = await sample.sevenZipArchive(benign);
const script7z = await sample.sevenZipArchive({ ...benign, "fix.txt": sample.shellScript });

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
    ["saves.7z", benign7z, "application/x-7z-compressed"],
    ["saves.rar", sample.rar(benign), "application/x-rar-compressed"],
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
    [
      "a zip holding an executable",
      "logs.zip",
      sample.zip({ ...benign, "game.exe": sample.windowsExecutable }),
    ],
    ["a 7z holding a script", "saves.7z", script7z],
    ["a rar holding an executable", "saves.rar", sample.rar({ ...benign, tool: sample.linuxExecutable })],
    [
      "a Word document holding a script",
      "cv.docx",
      sample.zip({ ...sample.docxParts, "word/run.ps1": "Get-Item" }),
    ],
  ])("refuses %s", async (_what, name, bytes) => {
    expect(await checkUploadContent(name, bytes)).toEqual({ ok: false });
  });
});
