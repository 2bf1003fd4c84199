import { z } from "zod";
import { defineTool } from "../define-tool";
import { generateFailed } from "../status-parts";
import { text } from "../schema-parts";
import { certificate, holder, insured, insurers, producer } from "./parties";
import { flags, otherCoverage, policies } from "./policies";

// Named "{hash}" in the spec; rulings.md names it save_acord_certificate.
export const saveAcordCertificate = defineTool({
  name: "save_acord_certificate",
  displayName: "ACORD 25 Certificate",
  description:
    "Generate an ACORD 25 certificate of liability insurance from the producer, insured, insurers and policies, and return the file.",
  category: "File Management",
  isPrivate: true,
  statusLine: ({ ok, result }) => (ok ? "Certificate generated" : generateFailed("certificate", result)),
  input: z.object({
    certificate,
    holder,
    producer,
    insured,
    insurers,
    policies,
    other: otherCoverage,
    flags,
    description_operations: z
      .string()
      .trim()
      .optional()
      .describe("Description of operations, locations or vehicles (additional remarks)."),
    authorized_representative: text("Name of the authorized representative signing the certificate."),
  }),
});
