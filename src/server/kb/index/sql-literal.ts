// A string written into a statement's text, for messages of several statements and EXECUTE's arguments.

/**
 * Statements with their values written into the text, for a message of several statements, which
 * PostgreSQL's simple protocol only takes without parameters. Strings are escaped as node-postgres's
 * escapeLiteral does (pg is not loaded with the embedded database): quotes doubled, and a string with a
 * backslash written E'…' with its backslashes doubled, so the result does not depend on
 * standard_conforming_strings. NUL cannot be in a PostgreSQL string and would end the message's text: dropped.
 */
export function sqlLiteral(value: string): string {
  const s = value.replaceAll("\0", "").replaceAll("'", "''");
  return s.includes("\\") ? ` E'${s.replaceAll("\\", "\\\\")}'` : `'${s}'`;
}
