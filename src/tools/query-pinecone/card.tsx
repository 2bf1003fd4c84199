// The Output of a query_pinecone card: matches with score and metadata.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { PineconeView } from "@/client/features/chat/messages/tool-views/search-items";
import { queryPineconeResult } from "./result";

export const card = resultView(queryPineconeResult, (data) => <PineconeView data={data} />);
