// The hold push() gives for a reply's first line (decision 140): it settles once that line is stored and
// sent to the reply's followers, not when the hub's write loop ends — under load the loop goes on while
// other replies' lines keep coming, and a reply held until then would wait for all of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { hubThread, type HubThread } from "../test/hub-thread";
import { closeStream, follow, openStream, push, readAllLines } from "./stream-hub";

let f: HubThread["f"];
let fake: HubThread["fake"];
let threadId: string;

beforeAll(async () => {
  ({ f, fake, threadId } = await hubThread("Held"));
});
afterAll(async () => fake?.close());

async function opened() {
  const id = randomUUID();
  const s = openStream({ id, orgId: f.a.id, conversationId: threadId });
  await s.store();
  return id;
}

describe("a reply's first line holds its next ones until it is stored (decision 140)", () => {
  it("the hold settles with the line's own write while the write loop goes on for another reply", async () => {
    const busy = await opened();
    const held = await opened();
    const sent: string[] = [];
    follow(
      held,
      (chunk) => sent.push(chunk),
      () => {},
    );
    // Every stored batch of `busy` brings another line: the write loop does not end until told (or 5,000).
    // The held reply's first line comes in the middle of it.
    let rounds = 0;
    let stop = false;
    let hold: Promise<void> | undefined;
    let later: Promise<void> | undefined;
    let roundsAtHold = 0;
    let storedAtHold = "";
    const unfollow = follow(
      busy,
      () => {
        if (stop || ++rounds >= 5000) return;
        push(busy, `0:"b${rounds}"\n`);
        if (rounds === 10) {
          hold = push(held, '0:"first"\n');
          later = push(held, '0:"second"\n');
          void hold?.then(() => {
            roundsAtHold = rounds;
            storedAtHold = sent.join("");
          });
        }
      },
      () => {},
    );
    expect(push(busy, '0:"b0"\n')).toBeInstanceOf(Promise);
    while (!hold && rounds < 5000) await new Promise((r) => setImmediate(r));
    expect(hold).toBeInstanceOf(Promise);
    // A later line of the same reply gives none.
    expect(later).toBeUndefined();
    await hold;
    // Stored and sent when it settled, while the loop still had `busy`'s lines to write.
    expect(storedAtHold).toContain('0:"first"');
    expect(await readAllLines({ orgId: f.a.id, id: held })).toContain('0:"first"');
    expect(roundsAtHold).toBeGreaterThan(10);
    expect(roundsAtHold).toBeLessThan(20);
    stop = true;
    unfollow?.();
    await closeStream(held, "done");
    await closeStream(busy, "done");
  });

  it("a reply that ends while held lets its reader go on", async () => {
    const id = await opened();
    const hold = push(id, '0:"only"\n');
    await closeStream(id, "done");
    await expect(hold).resolves.toBeUndefined();
  });
});
