// GET /api/dashboard/getDaily: conversations and tokens per day of the browser's time zone, from the same
// rollup rows and filter as getStats (decision 084): a conversation falls on the day of its last activity,
// so the days add up to the tiles. Every day of the range is listed, days without activity as zeros.
import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { conversationStats } from "../db/tables";
import { AppError } from "../errors";
import { MAX_DAILY_DAYS, type DailyFigures } from "../../shared/dashboard/schema";
import { filterWhere, type DashboardFilter } from "./filters";

const s = conversationStats;
const DAY_MS = 86_400_000;

type Row = { date: string; conversations: string | number; input: string | number; output: string | number };

export async function getDaily(f: DashboardFilter & { timeZone: string }): Promise<DailyFigures> {
  if (!f.from || !f.to) throw new AppError("bad_request", "from and to are required for daily figures");
  if (f.to.getTime() - f.from.getTime() > MAX_DAILY_DAYS * DAY_MS)
    throw new AppError("bad_request", `The daily chart covers at most ${MAX_DAILY_DAYS} days`);
  const tz = f.timeZone;
  const day = sql`(${s.lastActivityAt} at time zone ${tz})::date`;
  const result = await db().execute<Row>(sql`
    with days as (
      select generate_series(
        (${f.from.toISOString()}::timestamptz at time zone ${tz})::date,
        (${f.to.toISOString()}::timestamptz at time zone ${tz})::date,
        interval '1 day'
      )::date as day
    ), figures as (
      select ${day} as day, count(*) as conversations,
        sum(${s.inputTokens}) as input, sum(${s.outputTokens}) as output
      from ${s}
      where ${filterWhere(f)}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(figures.conversations, 0) as conversations,
      coalesce(figures.input, 0) as input, coalesce(figures.output, 0) as output
    from days left join figures on figures.day = days.day
    order by days.day`);
  return {
    timeZone: tz,
    days: result.rows.map((r) => {
      const inputTokens = Number(r.input);
      const outputTokens = Number(r.output);
      return {
        date: r.date,
        conversationCount: Number(r.conversations),
        inputTokens,
        outputTokens,
        totalTokens: inputTokens + outputTokens,
      };
    }),
  };
}
