import { z } from "zod";

/** append_google_sheet's result (decision 063): what Google's values.append reported it wrote. */
export const appendGoogleSheetResult = z.object({
  content: z.string(),
  updatedRange: z.string().nullish(),
  tableRange: z.string().nullish(),
  updatedRows: z.number().int().nonnegative(),
  updatedColumns: z.number().int().nonnegative().nullish(),
  updatedCells: z.number().int().nonnegative().nullish(),
});
export type AppendGoogleSheetResult = z.infer<typeof appendGoogleSheetResult>;
