// GET /api/dashboard/getStats: sums of the rollup's root rows, one indexed range read (decision 053).
import { sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "../db/client";
import { conversationStats } from "../db/tables";
import type { DashboardStats } from "../../shared/dashboard/schema";
import { filterWhere, type DashboardFilter } from "./filters";

const s = conversationStats;
const total = (col: AnyPgColumn) => sql<string>`coalesce(sum(${col}), 0)`;

export async function getStats(f: DashboardFilter): Promise<DashboardStats> {
  const [row] = await db()
    .select({
      conversationCount: sql<string>`count(*)`,
      messageCount: total(s.messageCount),
      toolCalls: total(s.toolCallCount),
      inputTokens: total(s.inputTokens),
      outputTokens: total(s.outputTokens),
      totalFeedback: total(s.feedbackTotal),
      totalHelpful: total(s.feedbackHelpful),
    })
    .from(s)
    .where(filterWhere(f));
  const n = (v: string | number | undefined) => Number(v ?? 0);
  const inputTokens = n(row?.inputTokens);
  const outputTokens = n(row?.outputTokens);
  return {
    conversationCount: n(row?.conversationCount),
    messageCount: n(row?.messageCount),
    toolCalls: n(row?.toolCalls),
    totalTokens: inputTokens + outputTokens,
    inputTokens,
    outputTokens,
    totalFeedback: n(row?.totalFeedback),
    totalHelpful: n(row?.totalHelpful),
  };
}
