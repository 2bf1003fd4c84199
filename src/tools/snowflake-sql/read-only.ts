// snowflake_sql refuses anything but one reading statement before it is sent (decision 064). Comments,
// string literals, quoted identifiers and $$…$$ blocks are blanked first, so their text cannot hide a
// statement or trip the checks; the role the admin connected with remains the real boundary.

const READING = new Set(["SELECT", "WITH", "SHOW", "DESCRIBE", "DESC", "EXPLAIN"]);
/** Words that write, change the session or run code: refused anywhere, unless called as a function (REPLACE(…), GET(…)). */
const WRITING =
  /\b(INSERT|UPDATE|DELETE|MERGE|UPSERT|TRUNCATE|CREATE|ALTER|DROP|UNDROP|RENAME|REPLACE|GRANT|REVOKE|COPY|PUT|GET|REMOVE|RM|CALL|EXECUTE|USE|SET|UNSET|BEGIN|COMMIT|ROLLBACK|LOCK)\b(?!\s*\()/gi;

const blanked = (sql: string) =>
  sql.replace(/--[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?(\*\/|$)|'(?:[^'\\]|\\.|'')*'|"(?:[^"]|"")*"|\$\$[\s\S]*?\$\$/g, " ");

/** null when the statement only reads; else why it is refused. */
export function readOnlyRefusal(sql: string): string | null {
  const text = blanked(sql).trim().replace(/;\s*$/, "");
  if (text.includes(";")) return "Only one SQL statement can be run at a time.";
  const first = /^\(*\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase();
  if (!first || !READING.has(first))
    return `Only read-only queries (SELECT, WITH, SHOW, DESCRIBE, EXPLAIN) can be run; ${first ?? "this statement"} is not allowed.`;
  const writing = text.match(WRITING)?.[0]?.toUpperCase();
  if (writing)
    return `Only read-only queries (SELECT, WITH, SHOW, DESCRIBE, EXPLAIN) can be run; ${writing} is not allowed.`;
  return null;
}
