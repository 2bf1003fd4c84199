// Runs page-worker.mjs on one file and yields its pages as the worker posts them.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export type PagedFormat = "pdf" | "docx" | "doc" | "xlsx" | "xls";

export interface RawPage {
  /** 1-based page (PDF) or sheet; 0 for a document that comes as one text to divide. */
  page: number;
  text: string;
}

const WORKER_FILE = "page-worker.mjs";

function workerUrl(): URL {
  const beside = new URL(`./${WORKER_FILE}`, import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "src/server/kb/ingest", WORKER_FILE);
    if (existsSync(candidate)) return pathToFileURL(candidate);
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find ${WORKER_FILE}`);
}

export async function* parsePages(
  format: PagedFormat,
  filePath: string,
  limits: { timeoutMs: number; maxMemoryMb: number; signal?: AbortSignal },
): AsyncGenerator<RawPage> {
  const worker = new Worker(workerUrl(), {
    workerData: { format, path: filePath },
    resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const queue: Array<RawPage | { done: true } | { error: string }> = [];
  let wake: (() => void) | null = null;
  const push = (item: (typeof queue)[number]) => {
    queue.push(item);
    wake?.();
  };
  worker.on("message", (msg) => push(msg));
  worker.once("error", (err: NodeJS.ErrnoException) =>
    push({
      error: err.code === "ERR_WORKER_OUT_OF_MEMORY" ? "The file needs too much memory to extract" : err.message,
    }),
  );
  worker.once("exit", (code) => push({ error: `Extraction stopped (exit ${code})` }));
  const timer = setTimeout(() => push({ error: "Extraction timed out" }), limits.timeoutMs);
  const abort = () => push({ error: "Processing was cancelled" });
  limits.signal?.addEventListener("abort", abort);
  try {
    for (;;) {
      while (!queue.length) await new Promise<void>((r) => (wake = r));
      const item = queue.shift()!;
      if ("done" in item) return;
      if ("error" in item) throw new Error(item.error);
      yield item;
    }
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener("abort", abort);
    void worker.terminate();
  }
}
