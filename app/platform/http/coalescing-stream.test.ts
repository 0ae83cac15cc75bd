import { describe, expect, it } from "vitest";
import { coalescingPassThrough } from "./coalescing-stream.server";

const bytes = (text: string) => new TextEncoder().encode(text);

/** The chunks the stream hands on, as texts, until it ends. */
async function chunksOf(stream: ReturnType<typeof coalescingPassThrough>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of stream) out.push(Buffer.from(chunk as Uint8Array).toString());
  return out;
}

describe("coalescingPassThrough", () => {
  it("hands on pieces written together as one chunk, in order", async () => {
    const stream = coalescingPassThrough();
    const read = chunksOf(stream);
    stream.write(bytes("<html>"));
    stream.write(bytes("<body>"));
    stream.write(bytes("</body></html>"));
    stream.end();
    expect(await read).toEqual(["<html><body></body></html>"]);
  });

  it("hands on pieces written later on their own, without waiting for the end", async () => {
    const stream = coalescingPassThrough();
    const received: string[] = [];
    stream.on("data", (chunk: Uint8Array) => received.push(Buffer.from(chunk).toString()));
    stream.write(bytes("shell "));
    stream.write(bytes("fallback"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(["shell fallback"]);
    stream.write(bytes("<template>late</template>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual(["shell fallback", "<template>late</template>"]);
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write(bytes("last"));
    stream.end();
    await ended;
    expect(received).toEqual(["shell fallback", "<template>late</template>", "last"]);
  });

  it("hands each chunk to its edit, and what the edit holds at the end", async () => {
    const seen: string[] = [];
    const stream = coalescingPassThrough({
      // Holds the first chunk back, then sends it with the second, in capitals.
      piece(chunk) {
        seen.push(chunk.toString());
        return seen.length === 1 ? undefined : Buffer.from(seen.join("").toUpperCase());
      },
      end: () => Buffer.from("!"),
    });
    const received: string[] = [];
    stream.on("data", (chunk: Uint8Array) => received.push(Buffer.from(chunk).toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write(bytes("head "));
    stream.write(bytes("shell"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toEqual([]);
    stream.write(bytes("later"));
    stream.end();
    await ended;
    expect(seen).toEqual(["head shell", "later"]);
    expect(received).toEqual(["HEAD SHELLLATER", "!"]);
  });
});
