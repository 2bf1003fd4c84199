// The Output of a read_google_sheet card: the range read and its cells as a grid.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { ReadGoogleSheetView } from "@/client/features/chat/messages/tool-views/google-sheet";
import { readGoogleSheetResult } from "./result";

export const card = resultView(readGoogleSheetResult, (data) => <ReadGoogleSheetView data={data} />);
