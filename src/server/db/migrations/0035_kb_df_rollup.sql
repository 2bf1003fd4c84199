-- Decision 135: a per-knowledge-base rollup of BM25's statistics (a term's df, the chunk count and total length)
-- over the files it has taken in (kb_file_index_stat.rolled_up), beside the per-file rows of decision 115, which
-- stay the source of truth. The primary key INCLUDEs df so a query term's df is one index-only probe. Existing
-- installs start with no rollup (every search falls back to the per-file rows) and the ingestion worker rolls
-- their indexed files up after start, a few files a transaction.
CREATE TABLE "kb_index_rollup" (
	"knowledge_base_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"files" integer NOT NULL,
	"chunk_count" bigint NOT NULL,
	"total_len" bigint NOT NULL,
	"stale" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_term_rollup" (
	"organization_id" text NOT NULL,
	"knowledge_base_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "kb_term_rollup_pkey" PRIMARY KEY("knowledge_base_id","term") INCLUDE ("df")
);
--> statement-breakpoint
ALTER TABLE "kb_file_index_stat" ADD COLUMN "rolled_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "kb_index_rollup" ADD CONSTRAINT "kb_index_rollup_knowledge_base_fk" FOREIGN KEY ("organization_id","knowledge_base_id") REFERENCES "public"."knowledge_base"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_term_rollup" ADD CONSTRAINT "kb_term_rollup_knowledge_base_fk" FOREIGN KEY ("organization_id","knowledge_base_id") REFERENCES "public"."knowledge_base"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_file_index_stat_outside_idx" ON "kb_file_index_stat" USING btree ("organization_id","knowledge_base_id") WHERE not "kb_file_index_stat"."rolled_up";--> statement-breakpoint
-- A rolled-up file's row deleted, or grown, without the file leaving the rollup first (a cascade from kb_file or
-- a batch written into an indexed file: no code path does the second) marks the rollup stale. The product's own
-- deletes take the file out first (rolled_up false), so they never fire it.
CREATE OR REPLACE FUNCTION kb_rollup_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE kb_index_rollup SET stale = true
  WHERE knowledge_base_id = OLD.knowledge_base_id AND organization_id = OLD.organization_id AND NOT stale;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER kb_rollup_stale_on_delete AFTER DELETE ON kb_file_index_stat
  FOR EACH ROW WHEN (OLD.rolled_up) EXECUTE FUNCTION kb_rollup_stale();--> statement-breakpoint
CREATE TRIGGER kb_rollup_stale_on_growth AFTER UPDATE ON kb_file_index_stat
  FOR EACH ROW WHEN (OLD.rolled_up AND NEW.rolled_up
    AND (NEW.chunk_count <> OLD.chunk_count OR NEW.total_len <> OLD.total_len))
  EXECUTE FUNCTION kb_rollup_stale();
