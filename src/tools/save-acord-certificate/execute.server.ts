// save_acord_certificate (TOOL-43): an ACORD 25-style certificate of liability insurance as a PDF.
import { documentFileName, generateDocuments, PDF_TYPE } from "../../server/documents/generate";
import { DocumentError } from "../../server/documents/document-error";
import type { ToolExecutor } from "../executor.server";
import type { saveAcordCertificate } from "./definition";
import { renderAcordCertificate } from "./render.server";

export const execute: ToolExecutor<typeof saveAcordCertificate> = (input, ctx) =>
  generateDocuments("save_acord_certificate", ctx, async () => {
    // A policy naming an insurer letter that the certificate does not list could not be read by anyone.
    const letters = new Set(input.insurers.map((i) => i.letter));
    const rows = [...Object.entries(input.policies), ...(input.other ? [["OTHER", input.other] as const] : [])];
    for (const [kind, policy] of rows) {
      if (policy && !letters.has(policy.insurer_letter)) {
        throw new DocumentError(`The ${kind} policy names insurer ${policy.insurer_letter}, which is not listed`);
      }
    }
    return [
      {
        filename: documentFileName(`COI ${input.insured.name} ${input.holder.name}`, "pdf", "Certificate"),
        contentType: PDF_TYPE,
        bytes: await renderAcordCertificate(input),
        summary: `a certificate of liability insurance for ${input.insured.name}, issued to ${input.holder.name}`,
      },
    ];
  });
