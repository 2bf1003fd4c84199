// The migrations that give chat_stream_chunk its organisation (issue 11 §3): a database holding chunks
// from before them is migrated, and the lines of a reply still to recover keep their place, now with
// their stream's organisation. Run on an embedded database of its own (migrations up to 0006 first).
import { describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "./client";

/** The migrations folder as it was before `tag` (journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-migrations-"));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

// The SQL is the same on PostgreSQL; the PostgreSQL project would only run this PGlite database again.
describe.skipIf(process.env.TEST_DB === "postgres")("chat_stream_chunk.organization_id migration", () => {
  it(
    "issue 11: chunks of an unfinished reply are kept with their stream's organisation; a finished reply's are dropped",
    { timeout: 180_000 },
    async () => {
      const client = await PGlite.create(undefined, { extensions: { vector } });
      try {
        const handle = drizzle({ client });
        await migrate(handle, { migrationsFolder: migrationsBefore("0007_chunk_org_stash") });
        await client.exec(`
        insert into organization (id, name, slug) values ('o1', 'One', 'one'), ('o2', 'Two', 'two');
        insert into conversation (id, organization_id, agent_id) values
          ('00000000-0000-4000-8000-000000000001', 'o1', 1), ('00000000-0000-4000-8000-000000000002', 'o2', 1);
        insert into chat_stream (id, organization_id, conversation_id, status, instance_id) values
          ('00000000-0000-4000-8000-0000000000a1', 'o1', '00000000-0000-4000-8000-000000000001', 'active', 'dead'),
          ('00000000-0000-4000-8000-0000000000a2', 'o2', '00000000-0000-4000-8000-000000000002', 'done', 'old');
        insert into chat_stream_chunk (stream_id, seq, data) values
          ('00000000-0000-4000-8000-0000000000a1', 0, 'first '), ('00000000-0000-4000-8000-0000000000a1', 1, 'second'),
          ('00000000-0000-4000-8000-0000000000a2', 0, 'finished');`);
        await migrate(handle, { migrationsFolder: migrationsFolder() });
        const { rows } = await client.query<{ organization_id: string; stream_id: string; seq: number; data: string }>(
          "select organization_id, stream_id, seq, data from chat_stream_chunk order by stream_id, seq",
        );
        expect(rows).toEqual([
          { organization_id: "o1", stream_id: "00000000-0000-4000-8000-0000000000a1", seq: 0, data: "first " },
          { organization_id: "o1", stream_id: "00000000-0000-4000-8000-0000000000a1", seq: 1, data: "second" },
        ]);
        const stash = await client.query("select to_regclass('chat_stream_chunk_stash') as t");
        expect(stash.rows).toEqual([{ t: null }]);
      } finally {
        await client.close();
      }
    },
  );
});
