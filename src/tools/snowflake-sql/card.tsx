// The Output of a snowflake_sql card: its rows as a table.
import { resultView } from "@/client/features/chat/messages/tool-views/card-view";
import { SnowflakeSqlView } from "@/client/features/chat/messages/tool-views/data-table";
import { snowflakeSqlResult } from "./result";

export const card = resultView(snowflakeSqlResult, (data) => <SnowflakeSqlView data={data} />);
