// The Output of a read_kb_file card: the file read.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { KbFileReadView } from "@/client/features/chat/messages/tool-views/knowledge-base";
import { readKbFileResult } from "./result";

export const card = resultView(readKbFileResult, (data) => <KbFileReadView data={data} />);
