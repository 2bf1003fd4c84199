ALTER TABLE "chat_stream" DROP CONSTRAINT "chat_stream_conversation_id_conversation_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_stream_chunk" DROP CONSTRAINT "chat_stream_chunk_stream_id_chat_stream_id_fk";
--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_conversation_id_conversation_id_fk";
--> statement-breakpoint
ALTER TABLE "message" DROP CONSTRAINT "message_conversation_id_conversation_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_stream_chunk" ADD COLUMN "organization_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_stream" ADD CONSTRAINT "chat_stream_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversation"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_stream_chunk" ADD CONSTRAINT "chat_stream_chunk_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_stream_chunk" ADD CONSTRAINT "chat_stream_chunk_stream_fk" FOREIGN KEY ("organization_id","stream_id") REFERENCES "public"."chat_stream"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversation"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_conversation_fk" FOREIGN KEY ("organization_id","conversation_id") REFERENCES "public"."conversation"("organization_id","id") ON DELETE cascade ON UPDATE no action;