// The dashboard's calls (hub spec §3, §7): query parameters and the shapes they return.
import { z } from "zod";
import { isTimeZone } from "../time-zone";

const isoTimestamp = (field: string) =>
  z
    .string()
    .refine((v) => !Number.isNaN(Date.parse(v)), `${field} must be an ISO timestamp`)
    .transform((v) => new Date(v))
    .optional();

export const dashboardQuery = z
  .object({
    from: isoTimestamp("from"),
    to: isoTimestamp("to"),
    allInOrg: z
      .enum(["true", "false"], { errorMap: () => ({ message: "allInOrg must be true or false" }) })
      .optional()
      .transform((v) => v === "true"),
    agentId: z
      .string()
      .regex(/^\d{1,9}$/, "agentId must be an agent id")
      .transform(Number)
      .optional(),
    userId: z.string().max(200).optional(),
    metadataKey: z.string().max(200).optional(),
    metadataValue: z.string().max(1000).optional(),
    cursor: z.string().max(200).optional(),
    limit: z
      .string()
      .regex(/^\d{1,3}$/, "limit must be a number from 1 to 100")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 100, "limit must be a number from 1 to 100")
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export interface DashboardStats {
  conversationCount: number;
  messageCount: number;
  toolCalls: number;
  totalTokens: number;
  inputTokens: number;
  outputTokens: number;
  totalFeedback: number;
  totalHelpful: number;
}

export interface FeedbackItem {
  is_helpful: boolean;
  user_email: string | null;
  created_at: string;
  comment: string | null;
}

export interface SubConversation {
  id: string;
  agentId: number;
  agentName: string;
  agentModel: string;
  agentLogoUrl: string;
  totalTokens: number;
}

export interface Interaction {
  id: string;
  agentId: number;
  agentName: string;
  agentModel: string;
  agentLogoUrl: string;
  userId: string | null;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  userPublicMetadata: Record<string, string>;
  firstMessageText: string;
  createdAt: string;
  updatedAt: string;
  /** Seconds from the first to the latest message. */
  duration: number;
  totalTokens: number;
  inputTokens: number;
  outputTokens: number;
  totalMessageCount: number;
  attachmentCount: number;
  toolCalls: { toolName: string; count: number }[];
  subConversations: SubConversation[];
  totalFeedback: number;
  totalHelpful: number;
  totalNotHelpful: number;
  feedbackData: { feedback_items: FeedbackItem[] };
}

export interface InteractionsPage {
  data: Interaction[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** GET /api/dashboard/getDaily: the filter plus the browser's time zone, whose days the chart shows. */
export const MAX_DAILY_DAYS = 731;
export const timeZoneParam = z
  .string()
  .max(64)
  .refine(
    (tz) => isTimeZone(tz) && /^[A-Za-z0-9_+\-/]+$/.test(tz),
    "timeZone must be an IANA time zone such as Europe/Berlin",
  )
  .optional();

export interface DailyFigure {
  /** The day in the requested time zone, YYYY-MM-DD. */
  date: string;
  conversationCount: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface DailyFigures {
  timeZone: string;
  days: DailyFigure[];
}

/** One line of the cost table: an agent, a user or a scheduled task. */
export interface CostLine {
  id: string;
  name: string;
  inputTokens: number;
  outputTokens: number;
  /** US dollars, from the priced models only. */
  cost: number;
}

export interface CostReport {
  currency: "USD";
  totalCost: number;
  byAgent: CostLine[];
  /** The admin view only; null in personal figures. */
  byUser: CostLine[] | null;
  byTask: CostLine[];
  /** Models with tokens in the filter but no price: their tokens cost nothing here. */
  unpricedModels: string[];
}
