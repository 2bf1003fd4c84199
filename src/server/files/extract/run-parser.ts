// Starts parse-worker.mjs for one file and waits for its text, within a memory cap and a time limit.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

export type BinaryFormat = "pdf" | "docx" | "doc" | "xlsx" | "xls";

export interface ParserLimits {
  timeoutMs: number;
  maxMemoryMb: number;
}

export const DEFAULT_PARSER_LIMITS: ParserLimits = { timeoutMs: 60_000, maxMemoryMb: 768 };

const WORKER_FILE = "parse-worker.mjs";

/** Beside this module in src/, or found from the bundle in dist/ (the repository ships src/). */
function workerUrl(): URL {
  const beside = new URL(`./${WORKER_FILE}`, import.meta.url);
  if (existsSync(fileURLToPath(beside))) return beside;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "src/server/files/extract", WORKER_FILE);
    if (existsSync(candidate)) return pathToFileURL(candidate);
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find ${WORKER_FILE}`);
}

export function parseInWorker(
  format: BinaryFormat,
  bytes: Uint8Array,
  limits: ParserLimits = DEFAULT_PARSER_LIMITS,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl(), {
      workerData: { format, bytes },
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
      // Parsers print warnings about odd files; they are not the server's log.
      stdout: true,
      stderr: true,
    });
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(() => finish(() => reject(new Error("Extraction timed out"))), limits.timeoutMs);
    worker.once("message", (msg: { ok: boolean; text?: string; error?: string }) =>
      finish(() => (msg.ok ? resolve(msg.text ?? "") : reject(new Error(msg.error ?? "Extraction failed")))),
    );
    worker.once("error", (err: NodeJS.ErrnoException) =>
      finish(() =>
        reject(err.code === "ERR_WORKER_OUT_OF_MEMORY" ? new Error("The file needs too much memory to extract") : err),
      ),
    );
    worker.once("exit", (code) => finish(() => reject(new Error(`Extraction stopped (exit ${code})`))));
  });
}
