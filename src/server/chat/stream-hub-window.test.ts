// The window between the hub's writes (decision 150): lines that come soon after a write began share the
// next one, while a reply's first line and a reply's end are written at once. The window is widened here so
// that the timings hold on a loaded machine; the server's own is 8 ms.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { hubThread, type HubThread } from "../test/hub-thread";
import { closeStream, follow, openStream, push, readAllLines, setWriteWindowMs } from "./stream-hub";
import { chunksAfter } from "./stream-queries";

let f: HubThread["f"];
let fake: HubThread["fake"];
let threadId: string;
let serverWindow: number;

beforeAll(async () => {
  ({ f, fake, threadId } = await hubThread("Windowed"));
});
afterAll(async () => {
  if (serverWindow !== undefined) setWriteWindowMs(serverWindow);
  await fake?.close();
});

const START = 'f:{"messageId":"m"}\n';

/** A reply as a chat starts one: its row stored with its start line. */
async function opened() {
  const id = randomUUID();
  const s = openStream({ id, orgId: f.a.id, conversationId: threadId });
  await s.store(undefined, [START]);
  return id;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("the hub's writes, at most one a window (decision 150)", () => {
  it("lines that come within the window after a write go to the database and the client in one", async () => {
    serverWindow = setWriteWindowMs(400);
    const id = await opened();
    const sent: string[] = [];
    const unfollow = follow(
      id,
      (chunk) => sent.push(chunk),
      () => {},
    );
    await push(id, '0:"first"\n');
    expect(sent).toEqual([START, '0:"first"\n']);
    // Apart enough that each would be a write of its own without the window.
    for (const word of ["a", "b", "c"]) {
      push(id, `0:"${word}"\n`);
      await sleep(40);
    }
    // Not sent before they are stored: the window is still open.
    expect(sent).toEqual([START, '0:"first"\n']);
    const t0 = performance.now();
    while (sent.length < 3 && performance.now() - t0 < 5000) await sleep(10);
    expect(sent).toEqual([START, '0:"first"\n', '0:"a"\n0:"b"\n0:"c"\n']);
    const rows = await chunksAfter({ orgId: f.a.id, streamId: id, seq: -1 });
    expect(rows.map((r) => r.data)).toEqual([START, '0:"first"\n', '0:"a"\n0:"b"\n0:"c"\n']);
    unfollow?.();
    await closeStream(id, "done");
  });

  it("a reply's first line and a reply's end do not wait for the window", async () => {
    setWriteWindowMs(3000);
    const busy = await opened();
    await push(busy, '0:"busy first"\n');
    // A write has just begun: the hub now waits for the window before the next one.
    push(busy, '0:"busy second"\n');
    const other = await opened();
    const t0 = performance.now();
    await push(other, '0:"other first"\n');
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(await readAllLines({ orgId: f.a.id, id: other })).toBe(START + '0:"other first"\n');
    // busy's pending line went in that same write.
    expect(await readAllLines({ orgId: f.a.id, id: busy })).toBe(START + '0:"busy first"\n0:"busy second"\n');

    push(busy, '0:"busy last"\n');
    const t1 = performance.now();
    await closeStream(busy, "done");
    expect(performance.now() - t1).toBeLessThan(1500);
    const rows = await chunksAfter({ orgId: f.a.id, streamId: busy, seq: -1 });
    expect(rows.map((r) => r.data).join("")).toBe(START + '0:"busy first"\n0:"busy second"\n0:"busy last"\n');
    await closeStream(other, "done");
  });
});
