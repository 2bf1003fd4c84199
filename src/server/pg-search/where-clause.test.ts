// filter_and_search_pg's where_clause rule (decision 059): one boolean expression from an allow-list,
// refused before anything is sent, and rebuilt from its tokens so that what was checked is what runs.
import { describe, expect, it } from "vitest";
import { renderWhereClause, tokenizeWhereClause } from "./where-clause";

const COLUMNS = ["title", "content", "category", "year", "Created At", "meta"];
const render = (clause: string) => renderWhereClause(tokenizeWhereClause(clause), COLUMNS, "t");
const refusal = (clause: string) => {
  try {
    render(clause);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted: ${clause}`);
};

describe("where_clause", () => {
  it("[TOOL-27] accepts comparisons, boolean logic, IN, BETWEEN, LIKE, IS NULL, casts and safe functions", () => {
    expect(render("category = 'billing' AND year >= 2023")).toBe(`t."category" = 'billing' AND t."year" >= 2023`);
    expect(render("WHERE lower(category) IN ('hr', 'billing') OR year BETWEEN 2020 AND 2021")).toBe(
      `lower ( t."category" ) IN ( 'hr' , 'billing' ) OR t."year" BETWEEN 2020 AND 2021`,
    );
    expect(render(`"Created At" >= date '2024-01-01' AND title IS NOT NULL`)).toBe(
      `t."Created At" >= date '2024-01-01' AND t."title" IS NOT NULL`,
    );
    expect(render("meta->>'region' = 'EMEA' and extract(year from now()) - year < 3")).toBe(
      `t."meta" ->> 'region' = 'EMEA' AND extract ( year FROM now ( ) ) - t."year" < 3`,
    );
    expect(render("cast(year as text) like '20%' and year::int <> 1.5e3")).toBe(
      `cast ( t."year" AS text ) LIKE '20%' AND t."year" :: int <> 1.5e3`,
    );
  });

  it("re-quotes literals: quotes and backslashes stay inside the string, a ';' inside a string is only text", () => {
    expect(render("title = 'it''s; fine'")).toBe(`t."title" = 'it''s; fine'`);
    // A backslash does not escape the quote (standard strings), and is sent escaped so no setting can make it.
    expect(render(String.raw`content = 'a\' OR true`)).toBe(String.raw`t."content" = E'a\\' OR TRUE`);
  });

  it("refuses a second statement, comments, subqueries and calls before anything is sent", () => {
    const expression = "The where_clause must be a single boolean expression";
    for (const [clause, reason] of [
      ["year > 2020; drop table docs", `";" is not allowed`],
      ["year > 2020 -- and more", "comments are not allowed"],
      ["year > 2020 /* x */", "comments are not allowed"],
      ["year in (select year from other)", `"SELECT" is not allowed (no subqueries or statements)`],
      ["exists (select 1)", `"EXISTS" is not allowed`],
      ["year > (with x as (delete from docs returning 1) select 1)", `"WITH" is not allowed`],
      ["pg_sleep(10) is not null", "the function pg_sleep() is not allowed"],
      ["nextval('s') > 0", "the function nextval() is not allowed"],
      [`"lower"(title) = 'x'`, "the function lower() is not allowed"],
      ["set_config('role', 'admin', false) = 'x'", "the function set_config() is not allowed"],
      ["year = $1", `"$" is not allowed`],
      ["title = $$x$$", `"$" is not allowed`],
      ["t.year > 1", `"t." is not allowed`],
      ["(year > 1", `a "(" is not closed`],
      ["year > 1)", `a ")" has no matching "("`],
      ["title = 'open", "an unterminated string"],
      ["where", "it is empty"],
      ["year > 1 \\g", `"\\" is not allowed`],
    ]) {
      const message = refusal(clause!);
      expect(message, clause).toContain(expression);
      expect(message, clause).toContain(reason);
    }
  });

  it("refuses names that are not the table's columns, types or allowed words", () => {
    expect(refusal("secret = 1")).toBe(
      `The where_clause refers to "secret", which is not a column of the table (its columns: ${COLUMNS.join(", ")}).`,
    );
    expect(refusal(`"Title" = 'x'`)).toContain(`refers to "Title"`);
    expect(refusal("year::regclass is null")).toContain(`refers to "regclass"`);
    expect(refusal("e'x' = title")).toContain(`refers to "e"`);
  });
});
