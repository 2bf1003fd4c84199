CREATE TABLE "conversation_stats" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"root_conversation_id" uuid NOT NULL,
	"is_root" integer NOT NULL,
	"user_id" text,
	"agent_id" integer NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"attachment_count" integer DEFAULT 0 NOT NULL,
	"tool_call_count" integer DEFAULT 0 NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"feedback_total" integer DEFAULT 0 NOT NULL,
	"feedback_helpful" integer DEFAULT 0 NOT NULL,
	"tool_counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "member" ADD COLUMN "public_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_stats" ADD CONSTRAINT "conversation_stats_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_stats_org_activity_idx" ON "conversation_stats" USING btree ("organization_id","last_activity_at","conversation_id") WHERE "conversation_stats"."is_root" = 1 and "conversation_stats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "conversation_stats_org_user_activity_idx" ON "conversation_stats" USING btree ("organization_id","user_id","last_activity_at","conversation_id") WHERE "conversation_stats"."is_root" = 1 and "conversation_stats"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "conversation_stats_root_idx" ON "conversation_stats" USING btree ("root_conversation_id");