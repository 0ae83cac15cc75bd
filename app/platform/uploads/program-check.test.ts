import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extensionOf, isProgram } from "./program-check.server";
import * as sample from "./test-samples";

describe("isProgram", () => {
  it.each([
    ["a Windows executable", sample.windowsExecutable],
    ["a Linux executable", sample.linuxExecutable],
    ["a macOS executable", sample.macExecutable],
    ["a shell script", sample.shellScript],
    ["a Python script with an interpreter line", Buffer.from("#!/usr/bin/env python3\nprint(1)\n")],
    ["Android bytecode", Buffer.concat([Buffer.from("dex\n035\0", "latin1"), Buffer.alloc(100)])],
    [
      "a Windows shortcut",
      Buffer.concat([Buffer.from("4c0000000114020000000000c000000000000046", "hex"), Buffer.alloc(60)]),
    ],
  ])("recognises %s by its first bytes, whatever it is called", async (_what, bytes) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("notes.txt", "photo.png", "save.lsx", "README", "a.pdf"),
        async (name) => {
          expect(await isProgram(name, bytes)).toBe(true);
        },
      ),
    );
  });

  it.each([
    "setup.exe",
    "SETUP.EXE",
    "tools/run.bat",
    "C:\\temp\\fix.cmd",
    "install.ps1",
    "start.sh",
    "open-me.js",
    "invoice.pdf.vbs",
    "installer.msi",
    "screen.scr",
    "mod.jar",
    "game.apk",
    "helper.dll",
    "command.com",
    "trailing-dot.exe.",
    "trailing-space.bat ",
    "macro.docm",
  ])("recognises %s by its name, even holding plain text", async (name) => {
    expect(await isProgram(name, sample.text)).toBe(true);
  });

  it.each([
    ["notes.txt", sample.text],
    ["screenshot.png", sample.png],
    ["photo.jpg", sample.jpeg],
    ["report.pdf", sample.pdf],
    ["cv.docx", sample.docx],
    ["logs.zip", sample.zip({ "a.log": "hello" })],
    ["slot-1.sav", Buffer.from([0x53, 0x41, 0x56, 0x00, 0x01, 0x02])],
    ["shell.txt", Buffer.from("I read #!/bin/sh in a book\n")],
  ])("lets %s through", async (name, bytes) => {
    expect(await isProgram(name, bytes)).toBe(false);
  });
});

describe("extensionOf", () => {
  it("reads the last extension of the base name, lower-cased, as Windows would", () => {
    expect(extensionOf("Photo.Final.JPG")).toBe("jpg");
    expect(extensionOf("C:\\Users\\ada\\notes.txt")).toBe("txt");
    expect(extensionOf("setup.exe. . ")).toBe("exe");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("folder.d/README")).toBe("");
  });
});
