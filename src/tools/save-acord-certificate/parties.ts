// The parties and header of an ACORD 25 certificate of liability insurance.
import { z } from "zod";
import { text } from "../schema-parts";

export const INSURER_LETTERS = ["A", "B", "C", "D", "E", "F"] as const;

export const insurerLetter = z
  .enum(INSURER_LETTERS)
  .describe("Letter of the insurer (A to F) as listed under insurers.");

export const date = (what: string) => z.string().trim().min(1).describe(`${what}, as MM/DD/YYYY.`);

const address = text("Full mailing address, lines separated by newlines.");

export const certificate = z
  .object({
    date: date("Date the certificate is issued"),
    certificate_number: z.string().trim().optional().describe("Certificate number, if any."),
    revision_number: z.string().trim().optional().describe("Revision number, if any."),
  })
  .describe("Certificate header.");

export const holder = z
  .object({ name: text("Certificate holder's name."), address })
  .describe("The party the certificate is issued to.");

export const producer = z
  .object({
    name: text("Agency or broker name."),
    address,
    contact_name: z.string().trim().optional().describe("Contact person at the agency."),
    phone: z.string().trim().optional().describe("Phone number."),
    fax: z.string().trim().optional().describe("Fax number."),
    email: z.string().trim().email().optional().describe("Email address."),
  })
  .describe("The agency or broker issuing the certificate.");

export const insured = z.object({ name: text("Named insured."), address }).describe("The insured business.");

export const insurers = z
  .array(
    z.object({
      letter: z.enum(INSURER_LETTERS).describe("Insurer letter, A to F."),
      name: text("Insurance company name."),
      naic: z.string().trim().optional().describe("NAIC number."),
    }),
  )
  .min(1, "At least one insurer is required")
  .max(INSURER_LETTERS.length)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, { letter }] of list.entries()) {
      if (seen.has(letter))
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [i, "letter"],
          message: `Insurer letter ${letter} is used twice`,
        });
      seen.add(letter);
    }
  })
  .describe("Insurers affording coverage, each with its own letter A to F.");
