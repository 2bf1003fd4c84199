CREATE TABLE "model_price" (
	"organization_id" text NOT NULL,
	"model" text NOT NULL,
	"input_per_million" double precision NOT NULL,
	"output_per_million" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "model_price_organization_id_model_pk" PRIMARY KEY("organization_id","model")
);
--> statement-breakpoint
ALTER TABLE "conversation_stats" ADD COLUMN "model_input_tokens" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_stats" ADD COLUMN "model_output_tokens" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "model_price" ADD CONSTRAINT "model_price_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_task_execution_conversation_idx" ON "scheduled_task_execution" USING btree ("organization_id","conversation_id");