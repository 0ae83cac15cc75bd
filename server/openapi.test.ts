import type { Router } from "express";
import { describe, expect, it } from "vitest";
import { parseConfig } from "~/platform/config.server";
import { defaultUploadLimits } from "~/platform/forms/upload-rules";
import { createRateLimits } from "~/platform/http/rate-limit.server";
import { createLogger } from "~/platform/logging.server";
import type { Services } from "~/platform/services.server";
import { accountApiDescription, createApi } from "./api";

type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  slash?: boolean;
  match(path: string): boolean;
};

/**
 * Every route of the API router as `METHOD /path`, walking the routers mounted at its root.
 * A router mounted under a prefix that takes /account would hide its routes: that fails loudly.
 */
function mountedRoutes(stack: Layer[]): string[] {
  return stack.flatMap((layer) => {
    if (layer.route)
      return Object.keys(layer.route.methods)
        .filter((m) => m !== "_all" && m !== "head")
        .map((m) => `${m.toUpperCase()} ${layer.route!.path}`);
    if (!layer.handle.stack) return [];
    if (!layer.slash && layer.match("/account/x")) throw new Error("a prefixed router serves /account");
    return mountedRoutes(layer.handle.stack);
  });
}

describe("GET /api/openapi.json", () => {
  it("describes every route mounted under /api/account, with a body schema for each post that takes one", () => {
    const config = parseConfig({});
    const logger = createLogger("silent");
    // Only the routers' composition is read: no request is served, so no database is needed.
    const uploads = { limits: defaultUploadLimits };
    const svc = {
      config,
      logger,
      uploads,
      db: {},
      database: { availability: {} },
      rateLimits: createRateLimits(config, logger),
    } as unknown as Services;
    const api = createApi(svc) as unknown as Router & { stack: Layer[] };
    const routes = mountedRoutes(api.stack).filter((r) => r.split(" ")[1]!.startsWith("/account/"));
    expect(routes.length).toBeGreaterThan(20);

    const doc = accountApiDescription() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map(
        (m) => `${m.toUpperCase()} ${path.replace(/^\/api/, "").replace(/\{(\w+)\}/g, ":$1")}`,
      ),
    );
    expect(described.sort()).toEqual(expect.arrayContaining(routes.sort()));
    // Nothing described that is not served.
    expect(routes.sort()).toEqual(expect.arrayContaining(described.sort()));
    for (const ops of Object.values(doc.paths))
      for (const op of Object.values(ops)) expect(op.responses["4XX"]).toBeDefined();
    expect(doc.paths["/api/account/create"]!.post!.requestBody).toMatchObject({
      content: {
        "application/json": {
          schema: { properties: { username: { pattern: "^[A-Za-z0-9_.-]+$" } } },
        },
      },
    });
  });

  it("registers the answers as components under the names clients refer to", () => {
    const doc = accountApiDescription() as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.components.schemas).sort()).toEqual([
      "EmailChange",
      "LoginResult",
      "Merch",
      "Messages",
      "Ok",
      "Platforms",
      "RecoveryCodes",
      "Redirect",
      "Session",
      "Sessions",
      "SignedIn",
      "TotpSetup",
      "User",
    ]);
  });
});
