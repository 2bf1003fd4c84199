// The Output of a deep research card: the report, its usage and its sources (TOOL-12).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { DeepResearchView } from "@/client/features/chat/messages/tool-views/web-answer";
import { deepResearchResult } from "./result";

export const card = resultView(deepResearchResult, (data, n) => <DeepResearchView data={data} previewLength={n} />);
