// The Output of a search_knowledge_base card: the matching passages.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { KbSearchView } from "@/client/features/chat/messages/tool-views/knowledge-base";
import { searchKnowledgeBaseResult } from "./result";

export const card = resultView(searchKnowledgeBaseResult, (data) => <KbSearchView data={data} />);
