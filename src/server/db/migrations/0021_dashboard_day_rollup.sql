CREATE TABLE "conversation_day_stats" (
	"organization_id" text NOT NULL,
	"agent_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"conversation_count" bigint DEFAULT 0 NOT NULL,
	"message_count" bigint DEFAULT 0 NOT NULL,
	"tool_call_count" bigint DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"feedback_total" bigint DEFAULT 0 NOT NULL,
	"feedback_helpful" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_day_stats_organization_id_agent_id_user_id_day_slot_pk" PRIMARY KEY("organization_id","agent_id","user_id","day","slot")
);
--> statement-breakpoint
ALTER TABLE "conversation_day_stats" ADD CONSTRAINT "conversation_day_stats_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;