import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Cluster, startCluster } from "./support/cluster";
import { type Nginx, startNginx } from "./support/nginx";
import { send } from "./support/requests";

/**
 * Private links end up in no log (docs/decisions/0043-logs-without-tokens.md): a visitor's
 * journeys with a status page, the data-rights page and an alert's management page, through
 * deploy/nginx/studio.conf as shipped, leave none of their tokens in nginx's access log or the
 * app's log lines, which name the routes instead.
 */
describe("private links and the logs (app and nginx)", () => {
  let cluster: Cluster;
  let nginx: Nginx;
  const agent = new http.Agent({ keepAlive: true });

  beforeAll(async () => {
    cluster = await startCluster({
      name: "private_logs",
      buildDir: inject("buildDir"),
      count: 1,
      // The request lines are info lines.
      env: { LOG_LEVEL: "info", RATE_LIMIT_FORM_POINTS: "100" },
    });
    nginx = await startNginx({
      upstreamPorts: cluster.ports,
      clientDir: path.join(inject("buildDir"), "client"),
    });
  });

  afterAll(async () => {
    agent.destroy();
    await nginx?.stop();
    await cluster?.stop();
  });

  /** Through nginx; a page's form post carries the origin a browser on the site would send. */
  const visit = (
    pathname: string,
    options: { method?: string; form?: Record<string, string>; json?: unknown } = {},
  ) =>
    send(`${nginx.url}${pathname}`, {
      method: options.method ?? (options.form || options.json ? "POST" : "GET"),
      agent,
      headers: {
        Origin: cluster.sites[0]!.url,
        ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
        ...(options.json !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      body: options.form
        ? new URLSearchParams(options.form).toString()
        : options.json !== undefined
          ? JSON.stringify(options.json)
          : undefined,
    });

  /** The text of the e-mail of `kind` to `to`, once the outbox wrote it (DATA_DIR/mail). */
  async function mailText(kind: string, to: string): Promise<string> {
    const dir = path.join(cluster.dataDirs[0]!, "mail");
    for (let tries = 0; tries < 300; tries++) {
      const name = fs.existsSync(dir)
        ? fs.readdirSync(dir).find((file) => file.includes(kind) && file.includes(to))
        : undefined;
      if (name) return (await simpleParser(fs.readFileSync(path.join(dir, name)))).text ?? "";
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${kind} e-mail to ${to}`);
  }

  /** The first address in `text` whose path matches `pattern` (its token in group 1). */
  function link(text: string, pattern: RegExp): { path: string; token: string } {
    const match = pattern.exec(text);
    expect(match, `${pattern} in the e-mail`).not.toBeNull();
    return { path: new URL(match![0]).pathname, token: match![1]! };
  }

  it("a status page, the data-rights page and an alert's management page leave no token in either log", async () => {
    const tokens: string[] = [];
    const expectStatus = async (
      answer: Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>,
      status: number[],
    ) => {
      const { status: got, body, headers } = await answer;
      expect(status, `${body.slice(0, 300)} ${JSON.stringify(headers)}`).toContain(got);
    };

    // A contact message: its acknowledgement carries the status page's link.
    const email = "lea.logs@example.com";
    await expectStatus(
      visit("/api/contacts?lang=en", {
        json: {
          category: "general",
          name: "Léa Tremblay",
          email,
          subject: "Playtest dates",
          message: "Hello! When does the next playtest start?",
          consent: true,
        },
      }),
      [201],
    );
    const status = link(
      await mailText("contact-acknowledgement", email),
      /https?:\/\/[^\s/]+\/status\/([A-Za-z0-9_-]{43})/,
    );
    tokens.push(status.token);
    await expectStatus(visit(status.path), [200]);
    await expectStatus(visit(`/fr${status.path}`), [200]);
    await expectStatus(visit(`${status.path}/download`, { form: { download: "1" } }), [200]);
    await expectStatus(visit(`${status.path}/not-a-page`), [404]);

    // The data-rights link.
    // A page's form post goes to the process itself: behind nginx's `Host $host` (no port here)
    // React Router would refuse the test's origin, which a browser on the real host never is.
    await expectStatus(
      send(`${cluster.sites[0]!.url}/es/privacy/requests`, {
        method: "POST",
        headers: { Origin: cluster.sites[0]!.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email }).toString(),
      }),
      [303],
    );
    const rights = link(
      await mailText("privacy-link", email),
      /https?:\/\/[^\s/]+\/(?:es\/)?privacy\/requests\/([A-Za-z0-9_-]{43})/,
    );
    tokens.push(rights.token);
    await expectStatus(visit(rights.path), [200]);

    // A job alert: its management page and the one-click unsubscribe.
    await expectStatus(
      visit("/api/open/office-job-subscriptions", {
        json: { name: "Tools jobs", language: "en", email, website: "" },
      }),
      [202],
    );
    const created = await mailText("alert-created", email);
    const manage = link(created, /https?:\/\/[^\s/]+\/alerts\/manage\/[^\s/]+\/([A-Za-z0-9_-]{43})/);
    tokens.push(manage.token);
    // The one-click unsubscribe address of the alert e-mails (the alert is not confirmed yet, so
    // it answers 404: what matters here is the line it leaves).
    const [, , , id] = manage.path.split("/");
    const stop = `/api/open/office-job-subscriptions/${id}/${manage.token}/unsubscribe`;
    await expectStatus(visit(manage.path), [200]);
    await expectStatus(visit(stop, { method: "POST" }), [200, 204, 404]);

    // Tokens of a shape a pattern of secret-looking segments missed (a dash and no digit), in
    // a link nobody holds, and in a query string.
    const odd = `${"abcdefghij-ABCDEFGHIJ".repeat(2)}k`;
    expect(odd).toHaveLength(43);
    tokens.push(odd);
    await expectStatus(visit(`/status/${odd}`), [404, 410]);
    await expectStatus(visit(`/alerts/manage/00000000-0000-4000-8000-000000000000/${odd}`), [404, 410]);
    const query = "QueryTokenQueryTokenQueryTokenQueryToken123";
    tokens.push(query);
    await expectStatus(visit(`/account/verify?token=${query}`), [200, 400, 404, 410]);

    // nginx writes a request's line once the answer has gone out, which may be just after the
    // client has it: wait for the last one.
    await expect.poll(() => nginx.shippedAccessLog()).toContain('"GET /account/verify"');
    const appLog = cluster.sites[0]!.logs();
    const nginxLog = nginx.shippedAccessLog();
    // The lines are there, naming the routes.
    expect(appLog).toContain('"route":"/:lang?/status/:token"');
    expect(appLog).toContain('"route":"/:lang?/privacy/requests/:token"');
    expect(appLog).toContain('"route":"/:lang?/alerts/manage/:id/:token"');
    expect(appLog).toContain('"route":"/api/open/office-job-subscriptions/:id/:token/unsubscribe"');
    // Each line names the request by its id and method, and the answer by its status.
    const rightsLine = appLog
      .split("\n")
      .find((line) => line.includes('"route":"/:lang?/privacy/requests/:token"'));
    const logged = JSON.parse(rightsLine ?? "null") as Record<string, unknown> | null;
    expect(logged).toMatchObject({
      req: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), method: "GET" },
      res: { status: 200 },
      duration: expect.any(Number),
      queries: expect.any(Number),
    });
    expect(Object.keys(logged?.req as object)).toEqual(["id", "method"]);
    expect(Object.keys(logged?.res as object)).toEqual(["status"]);
    expect(nginxLog).toContain('"GET /status/:token"');
    expect(nginxLog).toContain('"GET /fr/status/:token"');
    expect(nginxLog).toContain('"POST /status/:token/download"');
    expect(nginxLog).toContain('"GET /alerts/manage/:token/:token"');
    expect(nginxLog).toContain('"GET /account/verify"');
    // And no token.
    expect(tokens).toHaveLength(5);
    for (const token of tokens) {
      expect(appLog, "the app's log").not.toContain(token);
      expect(nginxLog, "nginx's access log").not.toContain(token);
    }
  });
});
