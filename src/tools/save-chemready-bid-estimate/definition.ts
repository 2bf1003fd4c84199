import { z } from "zod";
import { defineTool } from "../define-tool";
import { generateFailed } from "../status-parts";
import { text } from "../schema-parts";

export const MAX_LINE_ITEMS = 16;

const money = z.number().min(0);

const lineItem = z.object({
  product: text("Product or material name."),
  description: z.string().trim().optional().describe("Grade, packaging or other detail."),
  quantity: z.number().positive().describe("Quantity in the given unit."),
  unit: text("Unit of measure, e.g. gal, lb, drum, tote."),
  unit_price: money.describe("Price per unit in USD."),
});

const serviceItem = z.object({
  description: text("Service, e.g. on-site blending, disposal, technician labour."),
  quantity: z.number().positive().default(1).describe("Hours, visits or other count (default 1)."),
  rate: money.describe("Price per unit of quantity in USD."),
});

export const saveChemreadyBidEstimate = defineTool({
  name: "save_chemready_bid_estimate",
  displayName: "ChemReady Bid Estimate",
  description:
    "Generate a ChemReady bid estimate document from project details, product line items, shipping and services, and return the file.",
  category: "File Management",
  isPrivate: true,
  statusLine: ({ ok, result }) => (ok ? "Estimate generated" : generateFailed("estimate", result)),
  input: z.object({
    project: z
      .object({
        name: text("Project or bid name."),
        customer: text("Customer company name."),
        contact: z.string().trim().optional().describe("Customer contact person."),
        location: z.string().trim().optional().describe("Delivery or job-site location."),
        bid_date: z.string().trim().optional().describe("Date of the bid, e.g. 2025-03-31; omit for today."),
        valid_until: z.string().trim().optional().describe("Date the prices expire."),
        estimator: z.string().trim().optional().describe("Who prepared the estimate."),
      })
      .describe("Who and what the bid is for."),
    line_items: z
      .array(lineItem)
      .min(1, `Give 1 to ${MAX_LINE_ITEMS} line items`)
      .max(MAX_LINE_ITEMS, `Give 1 to ${MAX_LINE_ITEMS} line items`)
      .describe(`Products quoted, 1 to ${MAX_LINE_ITEMS} lines.`),
    shipping: z
      .object({
        method: z.string().trim().optional().describe("Carrier or method, e.g. LTL freight, bulk tanker."),
        origin: z.string().trim().optional().describe("Ship-from location."),
        destination: z.string().trim().optional().describe("Ship-to location."),
        cost: money.describe("Shipping cost in USD (0 if included)."),
      })
      .optional()
      .describe("Freight for the order; omit if the customer arranges it."),
    service_items: z.array(serviceItem).default([]).describe("Services quoted besides the products."),
    notes: z.string().trim().optional().describe("Terms, assumptions and exclusions printed at the end."),
  }),
});
