// The Output of a get_kb_file_pages card: the pages, their text and images (TOOLCARD-14).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { KbFilePagesView } from "@/client/features/chat/messages/tool-views/knowledge-base";
import { kbFilePagesResult } from "./result";

export const card = resultView(kbFilePagesResult, (data) => <KbFilePagesView data={data} />);
