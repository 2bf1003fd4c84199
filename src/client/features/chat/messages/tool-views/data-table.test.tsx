// @vitest-environment happy-dom
// SQL results as tables (chat spec §3 snowflake_sql and postgres_sql results, §9 row_limit).
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { postgresSqlResult } from "@/tools/postgres-sql/result";
import { snowflakeSqlResult } from "@/tools/snowflake-sql/result";
import { showToolResult, toolOutput } from "../test-helpers";
import { MAX_TABLE_ROWS } from "./data-table";

afterEach(cleanup);

const pill = () => screen.getByRole("button", { expanded: true });
const table = () =>
  [...within(toolOutput()).getByRole("table").querySelectorAll("tr")].map((tr) =>
    [...tr.querySelectorAll("th, td")].map((c) => c.textContent),
  );

describe("SQL result tables", () => {
  it("[TOOL-22] snowflake_sql: headers led by the column name, array rows, null shown as NULL", () => {
    const result = {
      status: "success",
      headers: [
        ["ID", "NUMBER"],
        ["REGION", "TEXT"],
      ],
      rows: [
        [1, "EMEA"],
        [2, null],
      ],
    };
    expect(snowflakeSqlResult.parse(result)).toEqual({ headers: result.headers, rows: result.rows });
    showToolResult("snowflake_sql", { query: "select id, region from sales" }, result);
    expect(table()).toEqual([
      ["ID", "REGION"],
      ["1", "EMEA"],
      ["2", "NULL"],
    ]);
  });

  it("[TOOL-23] postgres_sql: rows keyed by header, with its optional message", () => {
    const result = {
      status: "success",
      headers: ["id", "name"],
      rows: [
        { id: 7, name: "Ada" },
        { name: "Bob", id: 8 },
      ],
      message: "Returned 2 rows",
    };
    expect(postgresSqlResult.parse(result).rows).toEqual(result.rows);
    expect(postgresSqlResult.safeParse({ headers: ["id"], rows: [{ id: 1 }] }).success).toBe(true); // message is optional
    showToolResult("postgres_sql", { query: "select id, name from people" }, result);
    expect(table()).toEqual([
      ["id", "name"],
      ["7", "Ada"],
      ["8", "Bob"],
    ]);
    expect(toolOutput().textContent).toContain("Returned 2 rows");
  });

  it("[TOOLCARD-18] a non-default Postgres row_limit is displayed; the default 100 is not", () => {
    const result = { status: "success", headers: ["id"], rows: [{ id: 1 }] };
    showToolResult("postgres_sql", { query: "select 1", row_limit: 500 }, result);
    expect(pill().textContent).toContain("PostgreSQL query executed (row limit 500)");
    cleanup();
    showToolResult("postgres_sql", { query: "select 1", row_limit: 100 }, result);
    expect(pill().textContent).toContain("PostgreSQL query executed");
    expect(pill().textContent).not.toContain("row limit");
    cleanup();
    showToolResult("postgres_sql", { query: "select 1" }, result);
    expect(pill().textContent).not.toContain("row limit");
  });

  it("a long result shows its first rows and says how many there are", () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ n: i }));
    showToolResult("postgres_sql", { query: "select n", row_limit: 250 }, { status: "success", headers: ["n"], rows });
    expect(table()).toHaveLength(MAX_TABLE_ROWS + 1);
    expect(toolOutput().textContent).toContain(`Showing the first ${MAX_TABLE_ROWS} of 250 rows.`);
  });
});
