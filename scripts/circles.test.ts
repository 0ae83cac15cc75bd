import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { circlesIn, crossModuleCircles, moduleOf } from "./circles";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "circles-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function plant(files: Record<string, string>) {
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), code);
  }
}

describe("import circles (npm run lint)", () => {
  it("names a feature's folder, a platform or ui folder, or the file itself as the module", () => {
    expect(moduleOf("features/jobs/greenhouse/feed.server.ts")).toBe("features/jobs");
    expect(moduleOf("platform/http/prefetch.ts")).toBe("platform/http");
    expect(moduleOf("ui/frame/Brand.tsx")).toBe("ui/frame");
    expect(moduleOf("platform/request-context.ts")).toBe("platform/request-context.ts");
    expect(moduleOf("root.tsx")).toBe("root.tsx");
  });

  it("fails a circle through two features, a type import included, and allows one inside a folder", async () => {
    plant({
      "features/jobs/offers.ts":
        'import { office } from "../offices/office";\nexport const offer = office;\n',
      "features/offices/office.ts":
        'import type { offer } from "../jobs/offers";\nexport const office = 1;\nexport type O = typeof offer;\n',
      "platform/http/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "platform/http/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    const circles = await circlesIn(dir);
    expect(circles).toHaveLength(2);
    expect(crossModuleCircles(circles)).toEqual([["features/jobs/offers.ts", "features/offices/office.ts"]]);
  });
});
