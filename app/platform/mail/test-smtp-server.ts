import type net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server for the mail tests, on a local port: it records every message it accepts
 * and refuses recipients at `rejected.example` with a permanent 550.
 */
export type TestSmtpServer = {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Waits until at least `count` messages arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Resolves with the next message to arrive. */
  nextMessage(): Promise<ParsedMail>;
  stop(): Promise<void>;
};

export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const parsing: Promise<unknown>[] = [];
  const waiting: ((mail: ParsedMail) => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith("@rejected.example")) {
        callback(Object.assign(new Error("No such mailbox"), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      parsing.push(
        simpleParser(stream).then((mail) => {
          received.push(mail);
          for (const resolve of waiting.splice(0)) resolve(mail);
          callback();
        }, callback),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${received.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    nextMessage() {
      return new Promise((resolve) => waiting.push(resolve));
    },
    async stop() {
      await Promise.allSettled(parsing);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
