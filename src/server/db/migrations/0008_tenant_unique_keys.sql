ALTER TABLE "agent" ADD CONSTRAINT "agent_org_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "mcp_server" ADD CONSTRAINT "mcp_server_org_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "chat_stream" ADD CONSTRAINT "chat_stream_org_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_org_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_org_id_unique" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "file" ADD CONSTRAINT "file_org_id_unique" UNIQUE("organization_id","id");