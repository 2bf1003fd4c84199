// GET /api/dashboard/getStats: the range's whole UTC days from the per-day rollup (16 rows a day for the
// organisation, an agent, a user, or an agent and a user), its partial first and last day from the
// per-conversation rollup's root rows (decisions 053, 097). Both count a conversation on the day of its last
// activity with its whole figures, so the sum is exactly the per-conversation rows' sum over the range.
import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { conversationDayStats, conversationStats } from "../db/tables";
import type { DashboardStats } from "../../shared/dashboard/schema";
import { filterWhere, metadataUsers, type DashboardFilter } from "./filters";

const s = conversationStats;
const d = conversationDayStats;
const DAY_MS = 86_400_000;

type Row = {
  c: string | number;
  m: string | number;
  t: string | number;
  i: string | number;
  o: string | number;
  f: string | number;
  h: string | number;
};

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The whole UTC days inside [from, to], as day numbers since the epoch (null = unbounded): the first starts
 * at or after from; the last is the last whose next midnight is at or before to (its final microsecond,
 * midnight − 1 µs, is then inside the range, to being a millisecond).
 */
export function wholeDays(from?: Date, to?: Date): { first: number | null; last: number | null } {
  return {
    first: from ? Math.ceil(from.getTime() / DAY_MS) : null,
    last: to ? Math.floor(to.getTime() / DAY_MS) - 1 : null,
  };
}

function dayWhere(f: DashboardFilter, first: number | null, last: number | null): SQL {
  const users = metadataUsers(f);
  return and(
    eq(d.organizationId, f.orgId),
    eq(d.agentId, f.agentId ?? 0),
    f.userId !== undefined ? eq(d.userId, f.userId) : users ? undefined : eq(d.userId, "*"),
    users ? sql`${d.userId} in ${users}` : undefined,
    first !== null ? sql`${d.day} >= ${isoDay(first)}::date` : undefined,
    last !== null ? sql`${d.day} <= ${isoDay(last)}::date` : undefined,
  )!;
}

const rowSums = (where: SQL) => sql`
  select count(*) as c, coalesce(sum(${s.messageCount}), 0) as m, coalesce(sum(${s.toolCallCount}), 0) as t,
    coalesce(sum(${s.inputTokens}), 0) as i, coalesce(sum(${s.outputTokens}), 0) as o,
    coalesce(sum(${s.feedbackTotal}), 0) as f, coalesce(sum(${s.feedbackHelpful}), 0) as h
  from ${s} where ${where}`;

export async function getStats(f: DashboardFilter): Promise<DashboardStats> {
  const { first, last } = wholeDays(f.from, f.to);
  let query: SQL;
  if (first !== null && last !== null && first > last) {
    // Less than a whole day: the conversation rows of the range (at most two days of them).
    query = rowSums(filterWhere(f));
  } else {
    const parts: SQL[] = [
      sql`select coalesce(sum(${d.conversationCount}), 0) as c, coalesce(sum(${d.messageCount}), 0) as m,
        coalesce(sum(${d.toolCallCount}), 0) as t, coalesce(sum(${d.inputTokens}), 0) as i,
        coalesce(sum(${d.outputTokens}), 0) as o, coalesce(sum(${d.feedbackTotal}), 0) as f,
        coalesce(sum(${d.feedbackHelpful}), 0) as h
      from ${d} where ${dayWhere(f, first, last)}`,
    ];
    // The partial first day [from, first midnight) and last day [midnight after the last whole day, to].
    if (f.from && first !== null && f.from.getTime() < first * DAY_MS)
      parts.push(rowSums(and(filterWhere({ ...f, to: undefined }), lt(s.lastActivityAt, new Date(first * DAY_MS)))!));
    if (f.to && last !== null)
      parts.push(
        rowSums(and(filterWhere({ ...f, from: undefined }), gte(s.lastActivityAt, new Date((last + 1) * DAY_MS)))!),
      );
    query = sql`select sum(c) as c, sum(m) as m, sum(t) as t, sum(i) as i, sum(o) as o, sum(f) as f, sum(h) as h
      from (${sql.join(parts, sql` union all `)}) parts`;
  }
  const [row] = (await db().execute<Row>(query)).rows;
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const inputTokens = n(row?.i);
  const outputTokens = n(row?.o);
  return {
    conversationCount: n(row?.c),
    messageCount: n(row?.m),
    toolCalls: n(row?.t),
    totalTokens: inputTokens + outputTokens,
    inputTokens,
    outputTokens,
    totalFeedback: n(row?.f),
    totalHelpful: n(row?.h),
  };
}
