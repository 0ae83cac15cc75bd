import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { chromiumArgs, chromiumPath } from "./browser-options";

/**
 * One Chromium for the whole browser run, which each test file connects to (openBrowser in
 * harness.ts) instead of starting its own: a start costs a second or two of both cores, and
 * every test already works in a fresh context (cookies, storage and cache of its own).
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: chromiumArgs });
  project.provide("browserEndpoint", server.wsEndpoint());
  return () => server.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    browserEndpoint: string;
  }
}
