// @vitest-environment happy-dom
// The Google Sheets tools' cards (decision 100): read_google_sheet's cells as a grid labelled like the
// sheet, append_google_sheet's summary, their status lines, and the fallback for a result of another shape.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { readGoogleSheetResult } from "@/tools/read-google-sheet/result";
import { appendGoogleSheetResult } from "@/tools/append-google-sheet/result";
import { showToolResult, toolOutput } from "../test-helpers";
import { MAX_TABLE_ROWS } from "./data-table";
import { columnLetters, rangeStart } from "./google-sheet";

afterEach(cleanup);

const pill = () => screen.getByRole("button", { expanded: true });
const grid = () =>
  [...within(toolOutput()).getByRole("table").querySelectorAll("tr")].map((tr) =>
    [...tr.querySelectorAll("th, td")].map((c) => c.textContent),
  );

describe("column letters and range starts", () => {
  it("numbers columns as Sheets does and reads where a range starts", () => {
    expect([0, 25, 26, 51, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "AZ", "ZZ", "AAA"]);
    expect(rangeStart("Sheet1!A1:C20")).toEqual({ column: 0, row: 1 });
    expect(rangeStart("'Q1 ''final'''!B3:D9")).toEqual({ column: 1, row: 3 });
    expect(rangeStart("'a!b'!AA10:AB12")).toEqual({ column: 26, row: 10 });
    expect(rangeStart("Sheet1!4:6")).toEqual({ column: 0, row: 4 });
    expect(rangeStart("Sheet1!C:C")).toEqual({ column: 2, row: 1 });
  });
});

describe("read_google_sheet card", () => {
  it("shows the range, then the cells under column letters with the sheet's row numbers; missing cells are empty", () => {
    const result = {
      status: "success",
      range: "Sales!B3:D5",
      values: [["EMEA", "100", "120"], ["APAC"], ["AMER", "", "250"]],
    };
    expect(readGoogleSheetResult.safeParse(result).success).toBe(true);
    showToolResult("read_google_sheet", { sheet_id: "abc", sheet_name: "Sales", startRow: 3 }, result);
    expect(pill().textContent).toContain("Read Google Sheet");
    expect(toolOutput().textContent).toContain("Range Sales!B3:D5");
    expect(grid()).toEqual([
      ["", "B", "C", "D"],
      ["3", "EMEA", "100", "120"],
      ["4", "APAC", "", ""],
      ["5", "AMER", "", "250"],
    ]);
  });

  it("picked columns head the grid by the names asked; a cut read says where to continue", () => {
    const message = "Showing the first 1000 rows: ask for the next rows with startRow 1001.";
    showToolResult(
      "read_google_sheet",
      { sheet_id: "abc", columns: ["owner", "A"] },
      {
        status: "success",
        range: "Sheet1!A1:D1001",
        values: [
          ["Owner", "Region"],
          ["Ana", "EMEA"],
        ],
        columns: ["owner", "A"],
        message,
      },
    );
    expect(grid()).toEqual([
      ["", "owner", "A"],
      ["1", "Owner", "Region"],
      ["2", "Ana", "EMEA"],
    ]);
    expect(toolOutput().textContent).toContain(message);
  });

  it("[TOOLCARD-13] [TOOLCARD-37] long cells are cut at 200 characters; no rows reads No results returned", () => {
    const long = "x".repeat(250);
    showToolResult(
      "read_google_sheet",
      { sheet_id: "abc" },
      { status: "success", range: "Sheet1!A1:A1", values: [[long]] },
    );
    expect(grid()[1]![1]).toBe(`${"x".repeat(200)}…`);
    cleanup();
    showToolResult(
      "read_google_sheet",
      { sheet_id: "abc" },
      { status: "success", range: "Sheet1!A1:Z1000", values: [] },
    );
    expect(within(toolOutput()).queryByRole("table")).toBeNull();
    expect(toolOutput().textContent).toContain("No results returned");
  });

  it("shows the first rows of a long read and says how many there are", () => {
    const values = Array.from({ length: 150 }, (_, i) => [String(i)]);
    showToolResult("read_google_sheet", { sheet_id: "abc" }, { status: "success", range: "Sheet1!A1:A150", values });
    expect(grid()).toHaveLength(MAX_TABLE_ROWS + 1);
    expect(toolOutput().textContent).toContain(`Showing the first ${MAX_TABLE_ROWS} of 150 rows.`);
  });

  it("[TOOLCARD-40] a failure reads Error reading Google Sheet: with Google's message, once", () => {
    showToolResult(
      "read_google_sheet",
      { sheet_id: "nope" },
      { status: "error", error: "Error reading Google Sheet: Requested entity was not found." },
    );
    expect(screen.getByRole("button").textContent).toContain(
      "Error reading Google Sheet: Requested entity was not found.",
    );
    expect(screen.getByRole("button").textContent).not.toContain("Error reading Google Sheet: Error reading");
  });
});

describe("append_google_sheet card", () => {
  it("says what was appended and where", () => {
    const result = {
      status: "success",
      content: "Appended 2 rows to Leads!A3:C4.",
      tableRange: "Leads!A1:C2",
      updatedRange: "Leads!A3:C4",
      updatedRows: 2,
      updatedColumns: 3,
      updatedCells: 6,
    };
    expect(appendGoogleSheetResult.safeParse(result).success).toBe(true);
    showToolResult("append_google_sheet", { sheet_id: "abc", values: [["a"], ["b"]], range: "A:A" }, result);
    expect(pill().textContent).toContain("Appended to Google Sheet");
    const terms = within(toolOutput())
      .getAllByRole("term")
      .map((t) => `${t.textContent}: ${t.nextElementSibling?.textContent}`);
    expect(toolOutput().textContent).toContain("Appended 2 rows to Leads!A3:C4.");
    expect(terms).toEqual([
      "Updated range: Leads!A3:C4",
      "Rows: 2",
      "Columns: 3",
      "Cells: 6",
      "After table: Leads!A1:C2",
    ]);
  });

  it("leaves out what Google did not report (an empty sheet has no table yet)", () => {
    showToolResult(
      "append_google_sheet",
      { sheet_id: "abc", values: [["a"]] },
      {
        status: "success",
        content: "Appended 1 row to A:A.",
        tableRange: null,
        updatedRange: null,
        updatedRows: 1,
        updatedColumns: null,
        updatedCells: null,
      },
    );
    expect(
      within(toolOutput())
        .getAllByRole("term")
        .map((t) => t.textContent),
    ).toEqual(["Rows"]);
  });

  it("[TOOLCARD-41] a failure reads Error appending to Google Sheet: with Google's message", () => {
    showToolResult(
      "append_google_sheet",
      { sheet_id: "abc", values: [["a"]] },
      { status: "error", error: "Error appending to Google Sheet: Unable to parse range: Nope!A:A" },
    );
    expect(screen.getByRole("button").textContent).toContain(
      "Error appending to Google Sheet: Unable to parse range: Nope!A:A",
    );
  });

  it("a result of another shape falls back to the long-text viewer", () => {
    showToolResult(
      "append_google_sheet",
      { sheet_id: "abc", values: [["a"]] },
      { status: "success", content: "Done." },
    );
    expect(within(toolOutput()).queryByRole("term")).toBeNull();
    expect(toolOutput().textContent).toContain("Done.");
  });
});
