// Decision 118: a retired worker stops accepting at once and exits only after its replies and responses end.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { drain } from "./drain";

describe("drain", () => {
  it("refuses new connections at once, lets a live response and a live reply finish, then resolves", async () => {
    let finishResponse!: () => void;
    const server = createServer((_req, res) => {
      res.write("first ");
      finishResponse = () => res.end("last");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const res = await fetch(url);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first ");

    let replies = 1; // a reply still running in this process (e.g. its client went away)
    let drained = false;
    const done = drain({ server, liveReplies: () => replies, pollMs: 10 }).then(() => (drained = true));
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(url)).rejects.toThrow(); // not accepting any more
    expect(drained).toBe(false);

    finishResponse(); // the live response ends and its connection closes…
    let body = "";
    for (let c = await reader.read(); !c.done; c = await reader.read()) body += new TextDecoder().decode(c.value);
    expect(body).toBe("last");
    await new Promise((r) => setTimeout(r, 50));
    expect(drained).toBe(false); // …but a reply is still live
    replies = 0;
    await done;
    expect(drained).toBe(true);
  });
});
