import { z } from "zod";

/**
 * read_google_sheet's result (decision 063): the range Google read (A1, e.g. "Sheet1!A1:C20"), the rows as
 * arrays of cells (Google leaves out trailing empty cells), `columns` when the call picked some (their
 * names as asked, in that order), and `message` when the row limit cut the read.
 */
export const readGoogleSheetResult = z.object({
  range: z.string(),
  values: z.array(z.array(z.unknown())),
  columns: z.array(z.string()).nullish(),
  message: z.string().nullish(),
});
export type ReadGoogleSheetResult = z.infer<typeof readGoogleSheetResult>;
