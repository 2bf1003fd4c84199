// The search index's writes (src/server/kb/index/, kb-search), as ingestion and deletes call them.
export { deleteFileChunks, deleteKbChunks, insertChunks } from "./index/chunks";
