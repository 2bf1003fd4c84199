// save_acord_certificate for real: the ACORD 25-style PDF read back through a PDF text extractor
// (unpdf), every field present; page 1 rendered to a PNG to look at (test-render.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { readPdf } from "../../server/documents/test-readers";
import { download, onlyFile, toolContext } from "../../server/documents/test-context";
import { renderPdfPreview } from "../../server/documents/test-render";
import { toolsByName } from "../registry";
import { saveAcordCertificate } from "./definition";
import { execute } from "./execute.server";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const period = { effective_date: "01/01/2025", expiration_date: "01/01/2026" };
const certificate = () => ({
  certificate: { date: "03/31/2025", certificate_number: "CN-2025-001", revision_number: "2" },
  holder: { name: "City of Springfield", address: "1 Main St\nSpringfield, IL 62701" },
  producer: {
    name: "Best Brokers LLC",
    address: "9 Elm St\nChicago, IL 60601",
    contact_name: "Pat Lee",
    phone: "312-555-0100",
    fax: "312-555-0101",
    email: "certs@bestbrokers.example",
  },
  insured: { name: "Acme Builders Inc.", address: "5 Oak Ave\nPeoria, IL 61602" },
  insurers: [
    { letter: "A", name: "Hartford Fire Insurance Co", naic: "19682" },
    { letter: "F", name: "Travelers Indemnity Co", naic: "25658" },
  ],
  policies: {
    GL: {
      insurer_letter: "A",
      policy_type: "CLAIMS-MADE",
      policy_number: "GL-123",
      ...period,
      aggregate_applies_per: "PROJECT",
      each_occurrence: 1_000_000,
      damage_to_rented_premises: 100_000,
      medical_expense: 5_000,
      personal_adv_injury: 1_000_000,
      general_aggregate: 2_000_000,
      products_comp_op_agg: 2_000_000,
    },
    AUTO: {
      insurer_letter: "F",
      policy_number: "BA-456",
      ...period,
      covered_autos: ["ANY_AUTO", "HIRED_AUTOS_ONLY"],
      combined_single_limit: 1_000_000,
    },
    WC: { insurer_letter: "F", policy_number: "WC-789", ...period, el_each_accident: 500_000 },
    EXCESS: {
      insurer_letter: "A",
      policy_type: "OCCUR",
      policy_number: "UMB-321",
      ...period,
      each_occurrence: 5_000_000,
      aggregate: 5_000_000,
    },
  },
  other: {
    insurer_letter: "A",
    policy_number: "PL-654",
    ...period,
    coverage: "Professional Liability",
    limits: "$1,000,000 each claim",
  },
  flags: { additional_insured: ["GL", "AUTO"], subrogation_waived: ["WC"] },
  description_operations:
    "City of Springfield is additional insured per written contract for the Main St bridge project.",
  authorized_representative: "Jane Smith",
});
const run = (args: unknown) => execute(saveAcordCertificate.input.parse(args), toolContext(f.a));
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("save_acord_certificate", () => {
  it("[TOOL-43] [TOOL-44] writes a one-page certificate in which every party, insurer letter, policy (OCCUR or CLAIMS-MADE), limit, flag and remark reads back", async () => {
    const file = onlyFile(await run(certificate()));
    expect(file).toMatchObject({
      filename: "COI_Acme_Builders_Inc._City_of_Springfield.pdf",
      contentType: "application/pdf",
    });
    const got = await download(ctx.app, f.a.member, f.a.id, file);
    await renderPdfPreview(got.bytes!, "acord-certificate");
    const pdf = await readPdf(got.bytes!);
    expect(pdf.pages).toHaveLength(1);
    const text = flat(pdf.text);
    for (const field of [
      "CERTIFICATE OF LIABILITY INSURANCE",
      "03/31/2025",
      "CERTIFICATE NUMBER: CN-2025-001",
      "REVISION NUMBER: 2",
      "Best Brokers LLC",
      "9 Elm St",
      "Chicago, IL 60601",
      "Pat Lee",
      "312-555-0100",
      "312-555-0101",
      "certs@bestbrokers.example",
      "Acme Builders Inc.",
      "Peoria, IL 61602",
      "INSURER A : Hartford Fire Insurance Co",
      "19682",
      "INSURER F : Travelers Indemnity Co",
      "25658",
      "COMMERCIAL GENERAL LIABILITY",
      "[X] CLAIMS-MADE [ ] OCCUR",
      "GEN'L AGGREGATE LIMIT APPLIES PER: PROJECT",
      "GL-123",
      "01/01/2025",
      "01/01/2026",
      "$1,000,000",
      "$100,000",
      "$5,000",
      "$2,000,000",
      "[X] ANY AUTO",
      "[X] HIRED AUTOS ONLY",
      "BA-456",
      "[X] UMBRELLA LIAB [ ] EXCESS LIAB",
      "[X] OCCUR [ ] CLAIMS-MADE",
      "UMB-321",
      "$5,000,000",
      "WORKERS COMPENSATION AND EMPLOYERS' LIABILITY",
      "WC-789",
      "PER STATUTE",
      "$500,000",
      "PROFESSIONAL LIABILITY",
      "PL-654",
      "$1,000,000 each claim",
      "additional insured per written contract for the Main St bridge project.",
      "City of Springfield",
      "1 Main St",
      "Springfield, IL 62701",
      "Jane Smith",
    ]) {
      expect(text, field).toContain(field);
    }
    // ADDL INSD on GL and AUTO, SUBR WVD on WC: three "Y" marks.
    expect(text.match(/\bY\b/g)?.length).toBe(3);
  });

  it("[TOOLCARD-46] a policy naming an insurer letter the certificate does not list fails as a certificate that could not be generated", async () => {
    const input = certificate();
    const result = await run({ ...input, insurers: [input.insurers[0]] });
    expect(
      toolsByName.save_acord_certificate!.statusLine!({
        ok: false,
        args: {},
        result: result as never,
        displayName: "",
      }),
    ).toBe("Error: Failed to generate certificate: The AUTO policy names insurer F, which is not listed");
  });
});
