// The Output of an append_google_sheet card: what Google wrote, and where.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { AppendGoogleSheetView } from "@/client/features/chat/messages/tool-views/google-sheet";
import { appendGoogleSheetResult } from "./result";

export const card = resultView(appendGoogleSheetResult, (data) => <AppendGoogleSheetView data={data} />);
