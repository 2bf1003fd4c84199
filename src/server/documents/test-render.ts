// Test helper: page 1 of a generated PDF rendered to a PNG by poppler's pdftoppm, an artifact for a person
// to look at (test-artifacts/documents/, or DOCUMENT_PREVIEW_DIR). Best effort: without pdftoppm, or if it
// fails, there is no picture and nothing fails — the documents' content is checked by the readers.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

/** The PNG's path (test-artifacts/documents/{name}.png), or null when none could be made. */
export async function renderPdfPreview(bytes: Uint8Array, name: string): Promise<string | null> {
  const dir = path.resolve(process.env.DOCUMENT_PREVIEW_DIR ?? "test-artifacts/documents");
  const work = await mkdtemp(path.join(tmpdir(), "sb-preview-"));
  try {
    await mkdir(dir, { recursive: true });
    const pdf = path.join(work, "in.pdf");
    await writeFile(pdf, bytes);
    const out = path.join(dir, name);
    await run("pdftoppm", ["-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile", pdf, out], { timeout: 30_000 });
    const png = `${out}.png`;
    return (await readFile(png)).subarray(0, 8).equals(PNG_SIGNATURE) ? png : null;
  } catch {
    return null;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
