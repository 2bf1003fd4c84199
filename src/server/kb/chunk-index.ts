// The search index's writes (src/server/kb/index/, kb-search), as ingestion and deletes call them.
export { deleteFileChunks, deleteKbChunks, insertChunks } from "./index/chunks";
export { leaveRollup, requestRollup, rollUpPending } from "./index/rollup";
