CREATE TABLE "kb_chunk" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kb_chunk_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" text NOT NULL,
	"knowledge_base_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"page_number" integer,
	"content" text NOT NULL,
	"embedding" vector NOT NULL,
	"dims" smallint NOT NULL,
	"doc_len" integer NOT NULL,
	CONSTRAINT "kb_chunk_org_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "kb_file_index_stat" (
	"organization_id" text NOT NULL,
	"knowledge_base_id" uuid NOT NULL,
	"file_id" uuid PRIMARY KEY NOT NULL,
	"chunk_count" integer NOT NULL,
	"total_len" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_posting" (
	"organization_id" text NOT NULL,
	"knowledge_base_id" uuid NOT NULL,
	"chunk_id" bigint NOT NULL,
	"term" text NOT NULL,
	"tf" integer NOT NULL,
	"doc_len" integer NOT NULL,
	CONSTRAINT "kb_posting_pkey" PRIMARY KEY("chunk_id","term")
);
--> statement-breakpoint
ALTER TABLE "kb_chunk" ADD CONSTRAINT "kb_chunk_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kb_posting" ADD CONSTRAINT "kb_posting_chunk_fk" FOREIGN KEY ("organization_id","chunk_id") REFERENCES "public"."kb_chunk"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kb_chunk_file_idx" ON "kb_chunk" USING btree ("organization_id","file_id","chunk_index");--> statement-breakpoint
CREATE INDEX "kb_chunk_kb_idx" ON "kb_chunk" USING btree ("organization_id","knowledge_base_id","dims");