-- Decision 135: a per-knowledge-base rollup of BM25's document frequencies (a term's df summed over the files the
-- rollup has taken in, kb_file_index_stat.rolled_up) beside the per-file rows of decision 115, which stay the
-- source of truth. The primary key INCLUDEs df so a query term's df is one index-only probe. Existing installs
-- start with no rollup (every search falls back to the per-file rows) and the ingestion worker rolls their
-- indexed files up after start, a few files a transaction.
CREATE TABLE "kb_index_rollup" (
	"knowledge_base_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"files" integer NOT NULL,
	"chunk_count" bigint NOT NULL
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
ALTER TABLE "kb_term_rollup" ADD CONSTRAINT "kb_term_rollup_knowledge_base_fk" FOREIGN KEY ("organization_id","knowledge_base_id") REFERENCES "public"."knowledge_base"("organization_id","id") ON DELETE cascade ON UPDATE no action;