import http from "node:http";
import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Cluster, startCluster } from "./support/cluster";
import { personalCookie, send } from "./support/requests";

/**
 * A form post that arrived whole is carried out even when its client leaves while it waits its
 * turn behind other pages (platform/http/render-queue.server.ts): the built site on a PostgreSQL
 * database of the test's own, asked over plain sockets.
 */
const WAITING = 48;

describe("a form post received whole", () => {
  let cluster: Cluster;

  beforeAll(async () => {
    cluster = await startCluster({
      name: "posts",
      buildDir: inject("buildDir"),
      count: 1,
      // Every page a render (no page kept), so the line is real work.
      env: { PAGE_CACHE_TTL_SECONDS: "0" },
    });
  });

  afterAll(async () => {
    await cluster?.stop();
  });

  async function messagesFrom(email: string): Promise<number> {
    const client = new pg.Client({ connectionString: cluster.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from contact_messages where email = $1",
        [email],
      );
      return Number(rows[0]?.n);
    } finally {
      await client.end();
    }
  }

  it("is carried out when its client disconnects right after sending it, with the line full", async () => {
    const site = cluster.sites[0] as Cluster["sites"][0];
    const { port } = new URL(site.url);
    const email = `left-${Date.now()}@example.com`;
    const body = new URLSearchParams({
      category: "general",
      name: "Ada Left",
      email,
      subject: "A message sent from a train",
      message: "The tunnel came right after I pressed send; did this arrive?",
      consent: "on",
    }).toString();

    // The line: pages for a visitor with a cookie of their own, rendered one by one.
    const agent = new http.Agent({ keepAlive: false, maxSockets: WAITING });
    let answered = 0;
    const pages = Array.from({ length: WAITING }, () =>
      send(`${site.url}/careers`, { agent, headers: { Cookie: personalCookie } }).then((answer) => {
        answered++;
        return answer.status;
      }),
    );

    // The post, sent whole, then the connection closed before any answer.
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let heard = "";
    socket.on("data", (chunk) => {
      heard += chunk;
    });
    await new Promise<void>((resolve, reject) =>
      socket.write(
        `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        (err) => (err ? reject(err) : resolve()),
      ),
    );
    socket.destroy();
    const answeredAtLeave = answered;

    expect(await Promise.all(pages)).toEqual(Array(WAITING).fill(200));
    process.stderr.write(
      `received post: ${WAITING - answeredAtLeave} of ${WAITING} pages still waiting when the client left\n`,
    );
    expect(answeredAtLeave, "pages already answered when the post's client left").toBeLessThan(WAITING);
    expect(heard).toBe("");
    // Its turn came after the pages ahead of it: the message is stored, once.
    await expect.poll(() => messagesFrom(email), { timeout: 20_000, interval: 200 }).toBe(1);
    // The line moves on after it.
    expect((await send(`${site.url}/contact`)).status).toBe(200);
    agent.destroy();
  });
});
