// GET /api/dashboard/exportInteractions: every interaction of the filter as CSV, written page by page as
// the cursor walks (decision 084), so an export of a year holds one page in memory, not the year.
import { csvRow } from "../../shared/dashboard/csv";
import type { Interaction } from "../../shared/dashboard/schema";
import type { DashboardFilter } from "./filters";
import { listInteractions } from "./interactions";

const PAGE = 100;

export const CSV_HEADER = [
  "Conversation ID",
  "Started",
  "Last activity",
  "Duration (s)",
  "User email",
  "User name",
  "Agent",
  "Model",
  "First message",
  "Messages",
  "Attachments",
  "Tool calls",
  "Tools",
  "Sub-conversations",
  "Input tokens",
  "Output tokens",
  "Total tokens",
  "Feedback",
  "Helpful",
  "Not helpful",
  "User metadata",
];

function row(i: Interaction) {
  const name = [i.userFirstName, i.userLastName].filter(Boolean).join(" ");
  return csvRow([
    i.id,
    i.createdAt,
    i.updatedAt,
    i.duration,
    i.userEmail,
    name,
    i.agentName,
    i.agentModel,
    i.firstMessageText,
    i.totalMessageCount,
    i.attachmentCount,
    i.toolCalls.reduce((n, t) => n + t.count, 0),
    i.toolCalls.map((t) => `${t.toolName} ×${t.count}`).join("; "),
    i.subConversations.length,
    i.inputTokens,
    i.outputTokens,
    i.totalTokens,
    i.totalFeedback,
    i.totalHelpful,
    i.totalNotHelpful,
    Object.entries(i.userPublicMetadata)
      .map(([k, v]) => `${k}=${v}`)
      .join("; "),
  ]);
}

/** The CSV text in pieces: the header, then one piece per page of the cursor. */
export async function* interactionsCsv(f: DashboardFilter): AsyncGenerator<string> {
  yield csvRow(CSV_HEADER);
  let cursor: string | undefined;
  do {
    const page = await listInteractions({ ...f, cursor, limit: PAGE });
    if (page.data.length) yield page.data.map(row).join("");
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
