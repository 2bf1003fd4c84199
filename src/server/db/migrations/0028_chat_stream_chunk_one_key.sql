ALTER TABLE "chat_stream_chunk" DROP CONSTRAINT "chat_stream_chunk_organization_id_organization_id_fk";
