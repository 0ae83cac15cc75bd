import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Cluster, startCluster } from "./support/cluster";
import { type Nginx, startNginx } from "./support/nginx";
import { send } from "./support/requests";

/**
 * The HTTPS server of deploy/nginx/studio.conf as shipped, with a certificate this test makes
 * (openssl), in front of one app process whose PUBLIC_URL is https://: plain HTTP is redirected,
 * only TLS 1.2 and 1.3 are spoken (1.2 with forward-secret AEAD ciphers only), HTTP/2 is
 * offered, Strict-Transport-Security arrives once, and the site's cookies are Secure.
 */
describe("HTTPS through the shipped nginx configuration", () => {
  let cluster: Cluster;
  let nginx: Nginx;
  let certDir: string;
  let port: number;

  beforeAll(async () => {
    certDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-tls-"));
    const [certFile, keyFile] = [path.join(certDir, "fullchain.pem"), path.join(certDir, "privkey.pem")];
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=studio.example",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: "ignore" },
    );
    cluster = await startCluster({
      name: "tls",
      buildDir: inject("buildDir"),
      count: 1,
      env: { PUBLIC_URL: "https://studio.example" },
    });
    nginx = await startNginx({
      upstreamPorts: cluster.ports,
      clientDir: path.join(inject("buildDir"), "client"),
      tls: { certFile, keyFile },
    });
    port = Number(new URL(nginx.url).port);
  });

  afterAll(async () => {
    await nginx?.stop();
    await cluster?.stop();
    if (certDir) fs.rmSync(certDir, { recursive: true, force: true });
  });

  /** A TLS handshake limited to `version`: the protocol and cipher agreed, or the error. */
  const handshake = (options: tls.ConnectionOptions) =>
    new Promise<
      { protocol: string | null; cipher: string; alpn: string | false; ticket: boolean } | { error: string }
    >((resolve) => {
      const socket = tls.connect({
        host: "127.0.0.1",
        port,
        servername: "studio.example",
        rejectUnauthorized: false,
        ...options,
      });
      socket.once("secureConnect", () => {
        resolve({
          protocol: socket.getProtocol(),
          cipher: socket.getCipher().name,
          alpn: socket.alpnProtocol ?? false,
          ticket: socket.getTLSTicket() !== undefined,
        });
        socket.end();
      });
      socket.once("error", (err) => resolve({ error: err.message }));
    });

  it("redirects plain HTTP to the same address over HTTPS, but for certbot's challenges", async () => {
    const answer = await send(`${nginx.httpUrl}/careers?team=art`, { headers: { Host: "studio.example" } });
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("https://studio.example/careers?team=art");
    const challenge = await send(`${nginx.httpUrl}/.well-known/acme-challenge/token`, {
      headers: { Host: "studio.example" },
    });
    // Served from certbot's folder (absent here), not redirected.
    expect(challenge.status).toBe(404);
  });

  it("speaks TLS 1.3 and 1.2 (without session tickets), offers HTTP/2, and refuses TLS 1.1 and 1.0", async () => {
    expect(await handshake({ minVersion: "TLSv1.3", ALPNProtocols: ["h2", "http/1.1"] })).toMatchObject({
      protocol: "TLSv1.3",
      alpn: "h2",
    });
    // No session ticket: resumption from the server's cache only (a ticket key never rotated
    // would undo forward secrecy).
    expect(await handshake({ maxVersion: "TLSv1.2" })).toMatchObject({ protocol: "TLSv1.2", ticket: false });
    // Node's OpenSSL would not even offer the old versions at its default security level.
    for (const version of ["TLSv1.1", "TLSv1"] as const) {
      const old = await handshake({
        minVersion: version,
        maxVersion: version,
        ciphers: "DEFAULT@SECLEVEL=0",
      });
      expect(old, version).toHaveProperty("error");
    }
  });

  it("agrees on TLS 1.2 only with forward-secret AEAD ciphers", async () => {
    for (const cipher of ["ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-ECDSA-CHACHA20-POLY1305"]) {
      expect(await handshake({ maxVersion: "TLSv1.2", ciphers: cipher }), cipher).toMatchObject({
        protocol: "TLSv1.2",
        cipher,
      });
    }
    // CBC without forward secrecy, and CBC with it: both refused.
    for (const cipher of ["AES128-SHA", "ECDHE-ECDSA-AES128-SHA"]) {
      expect(await handshake({ maxVersion: "TLSv1.2", ciphers: cipher }), cipher).toHaveProperty("error");
    }
  });

  it("sends Strict-Transport-Security once, and Secure cookies", async () => {
    const page = await send(`${nginx.url}/careers`, { headers: { Host: "studio.example" } });
    expect(page.status).toBe(200);
    // Node joins a header sent twice with ", ": one value means one header.
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    const chosen = await send(`${nginx.url}/consent`, {
      method: "POST",
      headers: {
        Host: "studio.example",
        Origin: "https://studio.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ choice: "reject", lang: "en", returnTo: "/careers" }).toString(),
    });
    expect(chosen.status).toBe(303);
    const cookies = chosen.headers["set-cookie"] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure(;|$)/i);
  });
});
