import { describe, expect, it } from "vitest";
import { formatCost } from "./cost-format";
import { csvCell, csvRow } from "./csv";
import { tokenCost } from "../models/prices";

describe("formatCost", () => {
  it("shows cents, four decimals below a cent, and $0.00 for nothing", () => {
    expect(formatCost(0)).toBe("$0.00");
    expect(formatCost(0.0075)).toBe("$0.0075");
    expect(formatCost(0.6135)).toBe("$0.61");
    expect(formatCost(1234.5)).toBe("$1,234.50");
  });
});

describe("tokenCost", () => {
  it("is tokens × the price per million", () => {
    expect(tokenCost({ inputPerMillion: 3, outputPerMillion: 15 }, 2000, 100)).toBeCloseTo(0.0075, 10);
  });
});

describe("csv", () => {
  it("quotes commas, quotes and line breaks, and guards cells a spreadsheet would run as formulas", () => {
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+33 1 23")).toBe("'+33 1 23");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvRow(["a", 1, undefined])).toBe("a,1,\r\n");
  });
});
