// The Output of a search_tiktok card: captions, authors and engagement, with comments when asked for.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { TiktokView } from "@/client/features/chat/messages/tool-views/tiktok";
import { searchTiktokResult } from "./result";

export const card = resultView(searchTiktokResult, (data) => <TiktokView data={data} />);
