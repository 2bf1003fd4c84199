CREATE TABLE "kb_file_term" (
	"organization_id" text NOT NULL,
	"knowledge_base_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"term" text NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "kb_file_term_pkey" PRIMARY KEY("file_id","term")
);
--> statement-breakpoint
-- Backfill (decision 115): each indexed file's df per term, from its postings, before the FK and the index exist.
INSERT INTO "kb_file_term" ("organization_id", "knowledge_base_id", "file_id", "term", "df")
SELECT c."organization_id", c."knowledge_base_id", c."file_id", p."term", count(*)::int
FROM "kb_posting" p JOIN "kb_chunk" c ON c."organization_id" = p."organization_id" AND c."id" = p."chunk_id"
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
ALTER TABLE "kb_file_term" ADD CONSTRAINT "kb_file_term_file_fk" FOREIGN KEY ("organization_id","file_id") REFERENCES "public"."kb_file"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kb_file_term_df_idx" ON "kb_file_term" USING btree ("knowledge_base_id","term","organization_id","df");