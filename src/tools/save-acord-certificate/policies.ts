// The coverage rows of an ACORD 25 certificate: general liability, auto, workers' compensation, excess/umbrella.
import { z } from "zod";
import { text } from "../schema-parts";
import { date, insurerLetter } from "./parties";

export const POLICY_KINDS = ["GL", "AUTO", "WC", "EXCESS"] as const;
export const POLICY_TYPES = ["OCCUR", "CLAIMS-MADE"] as const;
export const FLAG_ROWS = [...POLICY_KINDS, "OTHER"] as const;
export const COVERED_AUTOS = [
  "ANY_AUTO",
  "OWNED_AUTOS_ONLY",
  "SCHEDULED_AUTOS",
  "HIRED_AUTOS_ONLY",
  "NON_OWNED_AUTOS_ONLY",
] as const;

const limit = (what: string) => z.number().int().min(0).optional().describe(`${what}, in whole US dollars.`);
const policyType = z.enum(POLICY_TYPES).describe("Occurrence or claims-made coverage.");

const policyRow = {
  insurer_letter: insurerLetter,
  policy_number: text("Policy number."),
  effective_date: date("Policy effective date"),
  expiration_date: date("Policy expiration date"),
};

const gl = z.object({
  ...policyRow,
  policy_type: policyType,
  aggregate_applies_per: z
    .enum(["POLICY", "PROJECT", "LOC"])
    .optional()
    .describe("What the general aggregate limit applies per."),
  each_occurrence: limit("Each occurrence"),
  damage_to_rented_premises: limit("Damage to rented premises (each occurrence)"),
  medical_expense: limit("Medical expense (any one person)"),
  personal_adv_injury: limit("Personal and advertising injury"),
  general_aggregate: limit("General aggregate"),
  products_comp_op_agg: limit("Products - completed operations aggregate"),
});

const auto = z.object({
  ...policyRow,
  covered_autos: z.array(z.enum(COVERED_AUTOS)).min(1).describe("Which autos are covered."),
  combined_single_limit: limit("Combined single limit (each accident)"),
  bodily_injury_per_person: limit("Bodily injury (per person)"),
  bodily_injury_per_accident: limit("Bodily injury (per accident)"),
  property_damage: limit("Property damage (per accident)"),
});

const wc = z.object({
  ...policyRow,
  per_statute: z.boolean().default(true).describe("Statutory limits apply."),
  any_proprietor_excluded: z
    .boolean()
    .default(false)
    .describe("Any proprietor, partner or executive officer excluded."),
  el_each_accident: limit("Employer's liability, each accident"),
  el_disease_each_employee: limit("Employer's liability, disease - each employee"),
  el_disease_policy_limit: limit("Employer's liability, disease - policy limit"),
});

const excess = z.object({
  ...policyRow,
  kind: z.enum(["UMBRELLA", "EXCESS"]).default("UMBRELLA").describe("Umbrella or excess liability."),
  policy_type: policyType,
  each_occurrence: limit("Each occurrence"),
  aggregate: limit("Aggregate"),
  retention: limit("Retention or deductible"),
});

export const policies = z
  .object({
    GL: gl.optional().describe("Commercial general liability."),
    AUTO: auto.optional().describe("Automobile liability."),
    WC: wc.optional().describe("Workers' compensation and employer's liability."),
    EXCESS: excess.optional().describe("Umbrella or excess liability."),
  })
  .refine((p) => POLICY_KINDS.some((k) => p[k] !== undefined), "At least one policy is required")
  .describe("Coverages on the certificate; include only those that apply.");

export const otherCoverage = z
  .object({
    ...policyRow,
    coverage: text("Name of the coverage, e.g. Professional Liability."),
    limits: text("Limits as printed, e.g. $1,000,000 each claim / $2,000,000 aggregate."),
  })
  .optional()
  .describe("One other coverage row, if any.");

/** ADDL INSD and SUBR WVD columns: which rows carry each flag. */
export const flags = z
  .object({
    additional_insured: z
      .array(z.enum(FLAG_ROWS))
      .default([])
      .describe("Rows where the holder is an additional insured."),
    subrogation_waived: z.array(z.enum(FLAG_ROWS)).default([]).describe("Rows with a waiver of subrogation."),
  })
  .default({})
  .describe("Additional insured and waiver of subrogation marks per row.");
