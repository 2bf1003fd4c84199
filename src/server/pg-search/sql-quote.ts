// Names and values put into SQL text by the Postgres searches (everything else is a bound parameter).

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A string literal read the same whatever standard_conforming_strings says: E'' when it holds a backslash. */
export const quoteLiteral = (value: string) =>
  value.includes("\\")
    ? `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`
    : `'${value.replaceAll("'", "''")}'`;
