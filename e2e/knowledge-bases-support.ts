// Helpers of the knowledge-base specs: documents made by the test (a PDF of several pages, a Word
// file) and a knowledge base with an uploaded file set up through the same calls the page makes.
import type { APIRequestContext, Page } from "@playwright/test";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { post } from "./control-hub-support";
import { expect, test } from "./support/fixtures";

/** A PATCH through the page's session, with the Origin a browser would send. */
export async function patch(request: APIRequestContext, path: string, data: unknown) {
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const res = await request.patch(path, { data, headers: { origin } });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return res.json();
}

/** A PDF with one line of text on each page. */
export async function makePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const line of lines) pdf.addPage([595, 842]).drawText(line, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** A .docx with one paragraph per line. */
export async function makeDocx(lines: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [{ children: lines.map((text) => new Paragraph({ children: [new TextRun(text)] })) }],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

export const PDF_TYPE = "application/pdf";
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** Creates a knowledge base through POST /api/kb/manage. */
export async function createKbViaApi(
  page: Page,
  body: { name: string; extractionSchema?: Record<string, unknown> | null; extractionModel?: string | null },
): Promise<{ id: string; name: string }> {
  const { knowledgeBase } = await post(page.request, "/api/kb/manage", {
    description: "",
    embeddingModel: "openai:text-embedding-3-small",
    extractionModel: null,
    extractionSchema: null,
    ...body,
  });
  return knowledgeBase;
}

/** Presign (knowledge-base purpose), PUT to storage, associate: what the detail page does for one file. */
export async function uploadViaApi(
  page: Page,
  kbId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<{ id: string }> {
  const presigned = await post(page.request, "/api/upload/presigned", {
    filename: file.name,
    contentType: file.mimeType,
    size: file.buffer.length,
    purpose: "knowledge-base",
  });
  const put = await page.request.fetch(presigned.url, {
    method: "PUT",
    headers: { "Content-Type": file.mimeType, ...presigned.headers },
    data: file.buffer,
  });
  expect(put.status(), await put.text()).toBe(200);
  const { file: associated } = await post(page.request, "/api/kb/files", {
    kbId,
    fileId: presigned.fileId,
    fileName: file.name,
    fileKey: presigned.key,
    contentKey: presigned.contentKey,
    contentType: file.mimeType,
    fileSize: file.buffer.length,
  });
  return associated;
}
