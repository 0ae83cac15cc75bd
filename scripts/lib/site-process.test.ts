import { describe, expect, it } from "vitest";
import { ExitedDuringStart, freePort, startProcess } from "./site-process";

/** A node:http server that answers 503 to its first two requests, as a site still booting does. */
const bootingServer = `
let asked = 0;
const server = require("node:http").createServer((_req, res) => {
  res.statusCode = ++asked <= 2 ? 503 : 200;
  res.end();
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.once("SIGTERM", () => server.close(() => process.exit(0)));
`;

describe("startProcess", () => {
  it("waits through 503s until the ready address answers 2xx, and stop() gives the exit code", async () => {
    const port = await freePort();
    const server = await startProcess({
      name: "a test server",
      command: process.execPath,
      args: ["-e", bootingServer],
      env: { PORT: String(port) },
      url: `http://127.0.0.1:${port}`,
      readyPath: "/",
    });
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it("fails with what the process wrote when it exits before answering", async () => {
    const port = await freePort();
    const start = startProcess({
      name: "a test server",
      command: process.execPath,
      args: ["-e", 'console.error("listen EADDRINUSE"); process.exit(1)'],
      env: {},
      url: `http://127.0.0.1:${port}`,
      readyPath: "/",
    });
    await expect(start).rejects.toBeInstanceOf(ExitedDuringStart);
    await expect(start).rejects.toHaveProperty("output", "listen EADDRINUSE\n");
  });
});
