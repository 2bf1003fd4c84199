-- drizzle-kit does not emit extensions. pgvector backs knowledge-base embeddings.
CREATE EXTENSION IF NOT EXISTS vector;
