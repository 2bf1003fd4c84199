// filter_and_search_pg's where_clause: one boolean expression over the table's columns, checked by a
// conservative allow-list tokenizer and rebuilt from its tokens (docs/decisions/059). The text sent is
// never the model's text: identifiers are re-quoted, literals re-escaped, so what was checked is what runs.
// Phase 1 (tokenize) needs no database and refuses before anything is sent; phase 2 (render) checks the
// words against the table's columns.

import { AppError } from "../errors";
import { quoteIdent, quoteLiteral } from "./sql-quote";

/** A set of the space-separated words. */
const words = (list: string) => new Set(list.split(" "));

type Token =
  | { kind: "word"; value: string; quoted: boolean }
  | { kind: "string"; value: string }
  | { kind: "number"; value: string }
  | { kind: "op"; value: string };

const OPERATORS = "->> #>> !~* -> #> @> <@ <> != <= >= :: || ~* !~ = < > + - * / % ~ ( ) ,".split(" ");

const KEYWORDS = words(
  "and or not is null true false unknown in between symmetric like ilike escape distinct from as case when then else end current_date current_timestamp localtimestamp",
);
/** Type names a cast (`::date`, `cast(x as int)`) or a typed literal (`date '2024-01-01'`) may use. */
const TYPES = words(
  "text varchar char int integer int2 int4 int8 smallint bigint numeric decimal real float float4 float8 boolean bool date timestamp timestamptz time interval json jsonb uuid",
);
/** Functions that only compute a value from their arguments (none reads other tables or writes). */
export const WHERE_FUNCTIONS = words(
  "lower upper length char_length trim btrim ltrim rtrim coalesce nullif greatest least abs round floor ceil ceiling date_trunc date_part extract now to_date to_char starts_with cast",
);
const EXTRACT_FIELDS = words("year month day hour minute second dow doy week quarter epoch");
/** Reserved words that can never be a column here: named in the refusal before anything is sent. */
const REFUSED = words(
  "select insert update delete merge drop create alter truncate grant revoke copy into union intersect except returning values table with order limit offset group having window fetch for do execute call lock set exists array lateral join where",
);

const ALLOWED =
  "Only column names, literals, comparison, arithmetic and boolean operators, CASE, casts and the functions " +
  `${[...WHERE_FUNCTIONS].join(", ")} may be used.`;
const refuse = (what: string): never => {
  throw new AppError("bad_request", `The where_clause must be a single boolean expression: ${what}. ${ALLOWED}`);
};

function scan(clause: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < clause.length) {
    const rest = clause.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    if (rest.startsWith("--") || rest.startsWith("/*")) refuse("comments are not allowed");
    if (rest[0] === ";") refuse('";" is not allowed');
    if (rest[0] === "'" || rest[0] === '"') {
      const quote = rest[0];
      let value = "";
      let j = 1;
      for (;;) {
        if (j >= rest.length) refuse(`an unterminated ${quote === "'" ? "string" : "quoted name"}`);
        if (rest[j] === quote) {
          if (rest[j + 1] === quote) {
            value += quote;
            j += 2;
            continue;
          }
          break;
        }
        value += rest[j];
        j++;
      }
      tokens.push(quote === "'" ? { kind: "string", value } : { kind: "word", value, quoted: true });
      i += j + 1;
      continue;
    }
    const num = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(rest);
    if (num) {
      if (/^[A-Za-z_]/.test(rest.slice(num[0].length))) refuse(`"${rest.slice(0, num[0].length + 1)}" is not a number`);
      tokens.push({ kind: "number", value: num[0] });
      i += num[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (word) {
      if (rest[word[0].length] === "$" || rest[word[0].length] === ".")
        refuse(`"${word[0]}${rest[word[0].length]}" is not allowed`);
      tokens.push({ kind: "word", value: word[0].toLowerCase(), quoted: false });
      i += word[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (!op) refuse(`"${rest[0]}" is not allowed`);
    tokens.push({ kind: "op", value: op! });
    i += op!.length;
  }
  return tokens;
}

/** Phase 1: the clause's tokens, or an AppError. A leading WHERE is dropped. */
export function tokenizeWhereClause(clause: string): Token[] {
  const tokens = scan(clause);
  if (tokens[0]?.kind === "word" && !tokens[0].quoted && tokens[0].value === "where") tokens.shift();
  if (tokens.length === 0) refuse("it is empty");
  let depth = 0;
  tokens.forEach((t, n) => {
    if (t.kind === "op" && t.value === "(") depth++;
    if (t.kind === "op" && t.value === ")" && --depth < 0) refuse('a ")" has no matching "("');
    if (t.kind !== "word") return;
    const next = tokens[n + 1];
    const call = next?.kind === "op" && next.value === "(";
    if (!t.quoted && REFUSED.has(t.value))
      refuse(`"${t.value.toUpperCase()}" is not allowed (no subqueries or statements)`);
    if (call && (t.quoted || (!WHERE_FUNCTIONS.has(t.value) && !KEYWORDS.has(t.value))))
      refuse(`the function ${t.value}() is not allowed`);
  });
  if (depth !== 0) refuse('a "(" is not closed');
  return tokens;
}

const unknownColumn = (name: string, columns: readonly string[]): never => {
  throw new AppError(
    "bad_request",
    `The where_clause refers to "${name}", which is not a column of the table (its columns: ${columns.join(", ")}).`,
  );
};

/**
 * Phase 2: the SQL to put in parentheses after AND, every word a keyword, allowed function or type, or
 * one of `columns` (unquoted names folded to lower case, as PostgreSQL does); `alias` qualifies columns.
 */
export function renderWhereClause(tokens: Token[], columns: readonly string[], alias: string): string {
  const known = new Set(columns);
  return tokens
    .map((t, n) => {
      if (t.kind === "string") return quoteLiteral(t.value);
      if (t.kind !== "word") return t.value;
      const prev = tokens[n - 1];
      const next = tokens[n + 1];
      if (t.quoted) return known.has(t.value) ? `${alias}.${quoteIdent(t.value)}` : unknownColumn(t.value, columns);
      if (next?.kind === "op" && next.value === "(" && WHERE_FUNCTIONS.has(t.value)) return t.value;
      const afterCast = prev?.kind === "op" && prev.value === "::";
      const afterAs = prev?.kind === "word" && !prev.quoted && prev.value === "as";
      if ((afterCast || afterAs) && TYPES.has(t.value)) return t.value;
      if (TYPES.has(t.value) && next?.kind === "string") return t.value;
      const inExtract = tokens[n - 2]?.value === "extract" && prev?.value === "(";
      if (inExtract && EXTRACT_FIELDS.has(t.value)) return t.value;
      if (KEYWORDS.has(t.value)) return t.value.toUpperCase();
      if (known.has(t.value)) return `${alias}.${quoteIdent(t.value)}`;
      return unknownColumn(t.value, columns);
    })
    .join(" ");
}
