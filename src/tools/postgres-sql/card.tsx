// The Output of a postgres_sql card: its rows as a table (TOOLCARD-18).
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { PostgresSqlView } from "@/client/features/chat/messages/tool-views/data-table";
import { postgresSqlResult } from "./result";

export const card = resultView(postgresSqlResult, (data) => <PostgresSqlView data={data} />);
