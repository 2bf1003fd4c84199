// The certificate's coverage table rows (GL, AUTO, WC, EXCESS and one other), as printed: the type of
// insurance with its marks, the ADDL INSD / SUBR WVD flags, the policy's number and dates, and its limits.
import type { z } from "zod";
import type { saveAcordCertificate } from "./definition";

type Certificate = z.infer<(typeof saveAcordCertificate)["input"]>;

export interface CoverageRow {
  letter: string;
  type: string[];
  addl: boolean;
  subr: boolean;
  number: string;
  effective: string;
  expiration: string;
  limits: [string, string][];
}

export const money = (n: number | undefined) => (n === undefined ? "" : `$${n.toLocaleString("en-US")}`);
const box = (on: boolean) => (on ? "[X]" : "[ ]");
const limits = (pairs: [string, number | undefined][]): [string, string][] =>
  pairs.filter(([, v]) => v !== undefined).map(([k, v]) => [k, money(v)]);

const AUTOS: Record<string, string> = {
  ANY_AUTO: "ANY AUTO",
  OWNED_AUTOS_ONLY: "OWNED AUTOS ONLY",
  SCHEDULED_AUTOS: "SCHEDULED AUTOS",
  HIRED_AUTOS_ONLY: "HIRED AUTOS ONLY",
  NON_OWNED_AUTOS_ONLY: "NON-OWNED AUTOS ONLY",
};

export function coverageRows(c: Certificate): CoverageRow[] {
  const flag = (row: string) => ({
    addl: c.flags.additional_insured.includes(row as never),
    subr: c.flags.subrogation_waived.includes(row as never),
  });
  const rows: CoverageRow[] = [];
  const { GL, AUTO, WC, EXCESS } = c.policies;
  const base = (p: {
    insurer_letter: string;
    policy_number: string;
    effective_date: string;
    expiration_date: string;
  }) => ({
    letter: p.insurer_letter,
    number: p.policy_number,
    effective: p.effective_date,
    expiration: p.expiration_date,
  });
  if (GL) {
    rows.push({
      ...base(GL),
      ...flag("GL"),
      type: [
        "COMMERCIAL GENERAL LIABILITY",
        `${box(GL.policy_type === "CLAIMS-MADE")} CLAIMS-MADE  ${box(GL.policy_type === "OCCUR")} OCCUR`,
        ...(GL.aggregate_applies_per ? [`GEN'L AGGREGATE LIMIT APPLIES PER: ${GL.aggregate_applies_per}`] : []),
      ],
      limits: limits([
        ["EACH OCCURRENCE", GL.each_occurrence],
        ["DAMAGE TO RENTED PREMISES (Ea occurrence)", GL.damage_to_rented_premises],
        ["MED EXP (Any one person)", GL.medical_expense],
        ["PERSONAL & ADV INJURY", GL.personal_adv_injury],
        ["GENERAL AGGREGATE", GL.general_aggregate],
        ["PRODUCTS - COMP/OP AGG", GL.products_comp_op_agg],
      ]),
    });
  }
  if (AUTO) {
    rows.push({
      ...base(AUTO),
      ...flag("AUTO"),
      type: ["AUTOMOBILE LIABILITY", ...AUTO.covered_autos.map((a) => `[X] ${AUTOS[a]}`)],
      limits: limits([
        ["COMBINED SINGLE LIMIT (Ea accident)", AUTO.combined_single_limit],
        ["BODILY INJURY (Per person)", AUTO.bodily_injury_per_person],
        ["BODILY INJURY (Per accident)", AUTO.bodily_injury_per_accident],
        ["PROPERTY DAMAGE (Per accident)", AUTO.property_damage],
      ]),
    });
  }
  if (EXCESS) {
    rows.push({
      ...base(EXCESS),
      ...flag("EXCESS"),
      type: [
        `${box(EXCESS.kind === "UMBRELLA")} UMBRELLA LIAB  ${box(EXCESS.kind === "EXCESS")} EXCESS LIAB`,
        `${box(EXCESS.policy_type === "OCCUR")} OCCUR  ${box(EXCESS.policy_type === "CLAIMS-MADE")} CLAIMS-MADE`,
        ...(EXCESS.retention !== undefined ? [`RETENTION ${money(EXCESS.retention)}`] : []),
      ],
      limits: limits([
        ["EACH OCCURRENCE", EXCESS.each_occurrence],
        ["AGGREGATE", EXCESS.aggregate],
      ]),
    });
  }
  if (WC) {
    rows.push({
      ...base(WC),
      ...flag("WC"),
      type: [
        "WORKERS COMPENSATION AND EMPLOYERS' LIABILITY",
        `ANY PROPRIETOR/PARTNER/EXECUTIVE OFFICER/MEMBER EXCLUDED? ${WC.any_proprietor_excluded ? "Y" : "N"}`,
      ],
      limits: [
        ...(WC.per_statute ? [["PER STATUTE", "[X]"] as [string, string]] : []),
        ...limits([
          ["E.L. EACH ACCIDENT", WC.el_each_accident],
          ["E.L. DISEASE - EA EMPLOYEE", WC.el_disease_each_employee],
          ["E.L. DISEASE - POLICY LIMIT", WC.el_disease_policy_limit],
        ]),
      ],
    });
  }
  if (c.other) {
    rows.push({
      ...base(c.other),
      ...flag("OTHER"),
      type: [c.other.coverage.toUpperCase()],
      limits: [["", c.other.limits]],
    });
  }
  return rows;
}
