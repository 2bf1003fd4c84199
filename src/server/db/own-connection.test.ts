// The chunk inserts' connection of its own (decision 140): on PostgreSQL a statement sent through it is
// written to the socket in the call (through the pool it waits for pool.connect()'s process.nextTick, after
// every promise job queued meanwhile); while it is not open, or after it drops, statements go through the
// pool and it opens again. PGlite has no such connection.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { ownConnection, runOnOwnConnection, warmOwnConnection } from "./own-connection";
import { runNamed } from "./named-query";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

const APP = { sql: "select current_setting('application_name') as name, pg_backend_pid() as pid", params: [] };
const socketOf = (c: NonNullable<ReturnType<typeof ownConnection>>) =>
  (c as unknown as { connection: { stream: { bytesWritten: number } } }).connection.stream;

async function opened() {
  warmOwnConnection();
  for (let i = 0; i < 200 && !ownConnection(); i++) await new Promise((r) => setTimeout(r, 10));
  return ownConnection();
}

describe("the chunk inserts' connection of its own (decision 140)", () => {
  it("on PostgreSQL, a statement goes out on it in the call; PGlite runs it as before", async () => {
    if (ctx.kind === "pglite") {
      warmOwnConnection();
      expect(ownConnection()).toBeNull();
      expect(await runOnOwnConnection({ sql: "select 1 as one", params: [] })).toEqual([{ one: 1 }]);
      return;
    }
    const c = await opened();
    expect(c).not.toBeNull();
    const socket = socketOf(c!);
    const before = socket.bytesWritten;
    const running = runOnOwnConnection(APP);
    // Written before this function returns to the event loop: no promise job or tick ran in between.
    expect(socket.bytesWritten).toBeGreaterThan(before);
    const [row] = await running;
    expect(row?.name).toBe("switchboard stream");
    // The same statement through the pool is not written in the call.
    const pooled = await runNamed(APP);
    expect(pooled[0]?.pid).not.toBe(row?.pid);
  });

  it("on PostgreSQL, when it drops, statements go through the pool and it opens again", async () => {
    if (ctx.kind === "pglite") return;
    const c = await opened();
    const [row] = await runOnOwnConnection(APP);
    await runNamed({ sql: "select pg_terminate_backend($1)", params: [row!.pid] });
    for (let i = 0; i < 200 && ownConnection() === c; i++) await new Promise((r) => setTimeout(r, 10));
    expect(ownConnection()).not.toBe(c);
    // Not open: this one goes through the pool (and opens a new one meanwhile).
    const [viaPool] = await runOnOwnConnection(APP);
    expect(viaPool?.name).not.toBe("switchboard stream");
    const again = await opened();
    expect(again).not.toBeNull();
    expect(again).not.toBe(c);
    const [after] = await runOnOwnConnection(APP);
    expect(after?.name).toBe("switchboard stream");
    expect(after?.pid).not.toBe(row?.pid);
  });
});
