// The bid estimate's arithmetic, shared by the workbook (as the cached values of its formulas) and the
// PDF, so both show the same numbers. Every amount is rounded to the cent where it is computed, as the
// workbook's ROUND formulas do, so a total is always the sum of the amounts printed above it.
import type { z } from "zod";
import type { saveChemreadyBidEstimate } from "./definition";

export type BidEstimateInput = z.infer<(typeof saveChemreadyBidEstimate)["input"]>;

export interface BidEstimate {
  input: BidEstimateInput;
  date: string;
  lines: (BidEstimateInput["line_items"][number] & { total: number })[];
  services: (BidEstimateInput["service_items"][number] & { amount: number })[];
  productsSubtotal: number;
  servicesSubtotal: number;
  /** Null when the customer arranges the freight (no shipping given). */
  shipping: number | null;
  grandTotal: number;
}

// Like Excel, to 15 significant digits first: 2.5 × 19.99 is 49.975 there (49.98), not 49.97499… (49.97).
export const cents = (n: number) => Math.round(Number((n * 100).toPrecision(15))) / 100;
const sum = (ns: number[]) => cents(ns.reduce((a, b) => a + b, 0));

export function computeEstimate(input: BidEstimateInput, date: string): BidEstimate {
  const lines = input.line_items.map((l) => ({ ...l, total: cents(l.quantity * l.unit_price) }));
  const services = input.service_items.map((s) => ({ ...s, amount: cents(s.quantity * s.rate) }));
  const productsSubtotal = sum(lines.map((l) => l.total));
  const servicesSubtotal = sum(services.map((s) => s.amount));
  const shipping = input.shipping ? cents(input.shipping.cost) : null;
  return {
    input,
    date,
    lines,
    services,
    productsSubtotal,
    servicesSubtotal,
    shipping,
    grandTotal: sum([productsSubtotal, servicesSubtotal, shipping ?? 0]),
  };
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** $1,234.50 — the PDF's form of the workbook's "$"#,##0.00. */
export const money = (n: number) => usd.format(n);

const qty = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
export const quantity = (n: number) => qty.format(n);

/** The project's facts in print order, the ones given only. */
export function projectFacts(e: BidEstimate): [string, string][] {
  const p = e.input.project;
  const facts: [string, string | undefined][] = [
    ["Customer", p.customer],
    ["Contact", p.contact],
    ["Location", p.location],
    ["Bid date", e.date],
    ["Valid until", p.valid_until],
    ["Estimator", p.estimator],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1]));
}

/** The freight lines in print order, the ones given only. */
export function shippingFacts(e: BidEstimate): [string, string][] {
  const s = e.input.shipping;
  if (!s) return [];
  const facts: [string, string | undefined][] = [
    ["Method", s.method],
    ["Origin", s.origin],
    ["Destination", s.destination],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1]));
}

/** What the estimate says when there is no freight line. */
export const NO_SHIPPING = "Not included (arranged by the customer)";
