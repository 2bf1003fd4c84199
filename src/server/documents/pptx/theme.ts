// One house style for generated presentations: 16:9 in inches, a navy/teal palette and Arial, which
// every PowerPoint, Keynote and LibreOffice has.
export const SLIDE_W = 10;
export const SLIDE_H = 5.625;
export const MARGIN = 0.5;

export const COLORS = {
  ink: "1F2937",
  muted: "6B7280",
  navy: "1E3A5F",
  accent: "0F766E",
  light: "E6F0EF",
  white: "FFFFFF",
  rule: "D1D5DB",
};

export const FONT = "Arial";

/** Chart series colours, in order. */
export const SERIES_COLORS = ["1E3A5F", "0F766E", "D97706", "7C3AED", "DC2626", "2563EB", "65A30D", "DB2777"];

/** Characters XML 1.0 cannot hold (a model's stray control codes would make the file unreadable). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export const clean = (s: string) => s.replace(NOT_XML, "");
