// The private document generators' arguments and the bounds of chat §5.
import { describe, expect, it } from "vitest";
import { toolsByName } from "./registry";

const messages = (tool: string, args: unknown) => {
  const res = toolsByName[tool].input.safeParse(args);
  return res.success ? [] : res.error.issues.map((i) => i.message);
};
const n = (count: number, what: string) => Array.from({ length: count }, (_, i) => `${what} ${i + 1}`);
const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");

const flashReport = {
  company_name: "Acme Chemicals",
  company_overview: "Acme makes specialty coatings for industrial customers in North America.",
  deal_summary: "$400m term loan B to refinance existing debt.",
  credit_statistics: [{ label: "Total Leverage", value: "4.5x" }],
  images: ["6f1c1f5e-0000-4000-8000-000000000001"],
  investment_thesis: n(4, "Thesis"),
  investment_risks: n(3, "Risk"),
};

describe("save_flash_report", () => {
  it("[TOOL-40] takes text fields, credit statistics, images by file id, thesis and risks", () => {
    expect(toolsByName.save_flash_report.input.parse({ ...flashReport, sector: "Chemicals" })).toEqual({
      ...flashReport,
      sector: "Chemicals",
    });
    expect(
      toolsByName.save_flash_report.input.parse({ ...flashReport, credit_statistics: undefined, images: undefined }),
    ).toMatchObject({
      credit_statistics: [],
      images: [],
    });
  });

  it("[TOOL-41] takes 4 to 6 investment thesis bullets", () => {
    expect(messages("save_flash_report", { ...flashReport, investment_thesis: n(3, "T") })).toEqual([
      "Give 4 to 6 investment thesis bullets",
    ]);
    expect(messages("save_flash_report", { ...flashReport, investment_thesis: n(4, "T") })).toEqual([]);
    expect(messages("save_flash_report", { ...flashReport, investment_thesis: n(6, "T") })).toEqual([]);
    expect(messages("save_flash_report", { ...flashReport, investment_thesis: n(7, "T") })).toEqual([
      "Give 4 to 6 investment thesis bullets",
    ]);
  });

  it("[TOOL-41] takes 3 to 6 investment risks", () => {
    expect(messages("save_flash_report", { ...flashReport, investment_risks: n(2, "R") })).toEqual([
      "Give 3 to 6 investment risk bullets",
    ]);
    expect(messages("save_flash_report", { ...flashReport, investment_risks: n(3, "R") })).toEqual([]);
    expect(messages("save_flash_report", { ...flashReport, investment_risks: n(6, "R") })).toEqual([]);
    expect(messages("save_flash_report", { ...flashReport, investment_risks: n(7, "R") })).toEqual([
      "Give 3 to 6 investment risk bullets",
    ]);
  });

  it("[TOOL-41] keeps the company overview to 180 words, saying how many it has", () => {
    expect(messages("save_flash_report", { ...flashReport, company_overview: ` ${words(180)}\n` })).toEqual([]);
    expect(messages("save_flash_report", { ...flashReport, company_overview: words(181) })).toEqual([
      "Company overview must be at most 180 words (it has 181)",
    ]);
  });
});

const lineItem = { product: "Sodium hypochlorite 12.5%", quantity: 4, unit: "tote", unit_price: 610 };
const bid = { project: { name: "Plant 2 water treatment", customer: "Riverside Utilities" }, line_items: [lineItem] };

describe("save_chemready_bid_estimate", () => {
  it("[TOOL-42] takes project, line items, shipping, service items and notes", () => {
    const args = {
      ...bid,
      shipping: { method: "LTL freight", cost: 450 },
      service_items: [{ description: "Tank cleaning", quantity: 6, rate: 95 }],
      notes: "Prices valid 30 days.",
    };
    expect(toolsByName.save_chemready_bid_estimate.input.parse(args)).toEqual(args);
    expect(toolsByName.save_chemready_bid_estimate.input.parse(bid)).toEqual({ ...bid, service_items: [] });
    expect(
      messages("save_chemready_bid_estimate", { ...bid, line_items: [{ ...lineItem, unit_price: -1 }] }),
    ).toHaveLength(1);
  });

  it("[TOOL-42] takes 1 to 16 line items", () => {
    const items = (count: number) => Array.from({ length: count }, () => lineItem);
    expect(messages("save_chemready_bid_estimate", { ...bid, line_items: items(0) })).toEqual([
      "Give 1 to 16 line items",
    ]);
    expect(messages("save_chemready_bid_estimate", { ...bid, line_items: items(1) })).toEqual([]);
    expect(messages("save_chemready_bid_estimate", { ...bid, line_items: items(16) })).toEqual([]);
    expect(messages("save_chemready_bid_estimate", { ...bid, line_items: items(17) })).toEqual([
      "Give 1 to 16 line items",
    ]);
  });
});

const period = { policy_number: "GL-123", effective_date: "01/01/2025", expiration_date: "01/01/2026" };
const acord = {
  certificate: { date: "03/31/2025" },
  holder: { name: "City of Springfield", address: "1 Main St\nSpringfield, IL 62701" },
  producer: { name: "Best Brokers LLC", address: "9 Elm St\nChicago, IL 60601", email: "certs@bestbrokers.example" },
  insured: { name: "Acme Builders Inc.", address: "5 Oak Ave\nPeoria, IL 61602" },
  insurers: [{ letter: "A", name: "Hartford Fire Insurance Co", naic: "19682" }],
  policies: {
    GL: {
      insurer_letter: "A",
      policy_type: "OCCUR",
      ...period,
      each_occurrence: 1_000_000,
      general_aggregate: 2_000_000,
    },
  },
  authorized_representative: "Jane Smith",
};

describe("save_acord_certificate", () => {
  it("[TOOL-43] takes certificate, holder, producer, insured, insurers, policies, other, flags, operations and representative", () => {
    const full = {
      ...acord,
      insurers: [...acord.insurers, { letter: "B", name: "Travelers" }],
      policies: {
        ...acord.policies,
        AUTO: { insurer_letter: "B", ...period, covered_autos: ["ANY_AUTO"], combined_single_limit: 1_000_000 },
        WC: {
          insurer_letter: "B",
          ...period,
          per_statute: true,
          any_proprietor_excluded: false,
          el_each_accident: 500_000,
        },
        EXCESS: {
          insurer_letter: "A",
          kind: "UMBRELLA",
          policy_type: "CLAIMS-MADE",
          ...period,
          each_occurrence: 5_000_000,
        },
      },
      other: { insurer_letter: "A", ...period, coverage: "Professional Liability", limits: "$1,000,000 each claim" },
      flags: { additional_insured: ["GL", "AUTO"], subrogation_waived: ["WC"] },
      description_operations: "Holder is additional insured per written contract.",
    };
    expect(toolsByName.save_acord_certificate.input.parse(full)).toEqual(full);
    expect(toolsByName.save_acord_certificate.input.parse(acord)).toMatchObject({
      flags: { additional_insured: [], subrogation_waived: [] },
    });
  });

  it("[TOOL-44] needs at least one insurer, lettered A to F, each letter once", () => {
    expect(messages("save_acord_certificate", { ...acord, insurers: [] })).toEqual([
      "At least one insurer is required",
    ]);
    expect(messages("save_acord_certificate", { ...acord, insurers: [{ letter: "F", name: "Chubb" }] })).toEqual([]);
    expect(messages("save_acord_certificate", { ...acord, insurers: [{ letter: "G", name: "Chubb" }] })).toHaveLength(
      1,
    );
    expect(messages("save_acord_certificate", { ...acord, insurers: [acord.insurers[0], acord.insurers[0]] })).toEqual([
      "Insurer letter A is used twice",
    ]);
  });

  it("[TOOL-44] writes GL and excess policies as OCCUR or CLAIMS-MADE and needs at least one policy", () => {
    const gl = acord.policies.GL;
    expect(
      messages("save_acord_certificate", { ...acord, policies: { GL: { ...gl, policy_type: "CLAIMS-MADE" } } }),
    ).toEqual([]);
    expect(
      messages("save_acord_certificate", { ...acord, policies: { GL: { ...gl, policy_type: "PER-PROJECT" } } }),
    ).toHaveLength(1);
    expect(
      messages("save_acord_certificate", { ...acord, policies: { GL: { ...gl, insurer_letter: "H" } } }),
    ).toHaveLength(1);
    expect(messages("save_acord_certificate", { ...acord, policies: {} })).toEqual(["At least one policy is required"]);
  });
});
