// The dashboard's filters as one WHERE clause over the rollup's root rows (decision 053).
import { and, eq, gte, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { conversationStats, member } from "../db/tables";

export interface DashboardFilter {
  orgId: string;
  from?: Date;
  to?: Date;
  agentId?: number;
  /** Set for personal figures (the caller) or an admin's user filter. */
  userId?: string;
  metadataKey?: string;
  metadataValue?: string;
}

const s = conversationStats;

export function filterWhere(f: DashboardFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(s.organizationId, f.orgId),
    eq(s.isRoot, 1),
    isNull(s.deletedAt),
    f.from && gte(s.lastActivityAt, f.from),
    f.to && lte(s.lastActivityAt, f.to),
    f.agentId !== undefined ? eq(s.agentId, f.agentId) : undefined,
    f.userId !== undefined ? eq(s.userId, f.userId) : undefined,
  ];
  const users = metadataUsers(f);
  if (users) conditions.push(inArray(s.userId, users));
  return and(...conditions)!;
}

/**
 * The users whose membership's metadata in this organisation matches the metadata filter, as a subquery
 * (a few rows per org), or undefined without one.
 */
export function metadataUsers(f: DashboardFilter): SQL | undefined {
  const key = f.metadataKey?.trim();
  if (!key) return undefined;
  const value = f.metadataValue?.trim();
  const matches = value ? sql`${member.publicMetadata} ->> ${key} = ${value}` : sql`${member.publicMetadata} ? ${key}`;
  return sql`(select ${member.userId} from ${member} where ${member.organizationId} = ${f.orgId} and ${matches})`;
}
