// The Output of an ask_web card: the answer with its cited links (TOOL-11).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { AskWebView } from "@/client/features/chat/messages/tool-views/web-answer";
import { askWebResult } from "./result";

export const card = resultView(askWebResult, (data, n) => <AskWebView data={data} previewLength={n} />);
