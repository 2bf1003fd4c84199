// The Output of a search_google card: the results with their titles linked (TOOL-09).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { WebResultsView } from "@/client/features/chat/messages/tool-views/web-results";
import { searchGoogleResult } from "./result";

export const card = resultView(searchGoogleResult, (data) => <WebResultsView data={data} />);
