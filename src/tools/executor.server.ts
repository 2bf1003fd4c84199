// Server-side execution contract for agent tools. Each tool folder may add `execute.server.ts`
// exporting a ToolExecutor; `executors.server.ts` maps tool names to them. Failures the model should
// see are returned as `{ status: "error", error }`, not thrown.
import type { z } from "zod";
import type { ToolDefinition } from "./define-tool";
import type { GeneratedFile } from "./result-parts";

export interface ToolContext {
  orgId: string;
  org: { id: string; name: string };
  user: { id: string; name: string; email: string };
  /** Whether the user is an organisation admin: which uploads a tool may read for them (decision 013). */
  isAdmin?: boolean;
  agentId: number;
  conversationId: string;
  toolCallId: string;
  /** Nesting depth of call_agent (0 for the top-level conversation). */
  depth: number;
  /** The user's IANA time zone as the chat request gave it (schedule_task reads schedules in it). */
  timeZone?: string;
  abortSignal: AbortSignal;
  /** The agent's configuration of this tool (call_agent: callableAgentIds; search_knowledge_base: accessibleKnowledgeBaseIds). */
  toolConfig?: Record<string, unknown>;
  /** Runs another agent in its own sub-conversation; provided by the chat runner (call_agent only). */
  runSubAgent?: (opts: {
    agentId: number;
    message: string;
    respondToThreadId?: string;
    toolCallId: string;
  }) => Promise<SubAgentResult>;
}

export interface SubAgentResult {
  threadId: string;
  agentName: string;
  agentLogoUrl: string;
  text: string;
}

export type { GeneratedFile } from "./result-parts";

export type ToolResult =
  | ({ status: "success"; content?: string; message?: string; files?: GeneratedFile[] } & Record<string, unknown>)
  | ({ status: "error"; error: string } & Record<string, unknown>);

export type ToolExecutor<D extends ToolDefinition = ToolDefinition> = (
  input: z.infer<D["input"]>,
  ctx: ToolContext,
) => Promise<ToolResult>;

export const toolError = (error: string, extra: Record<string, unknown> = {}): ToolResult => ({
  status: "error",
  error,
  ...extra,
});
export const toolNotAvailable = (name: string): ToolResult =>
  toolError(`The ${name} tool is not available yet on this server.`);

/** The executor of a tool whose folder has no real one yet. */
export const notAvailableYet =
  (def: ToolDefinition): ToolExecutor =>
  async () =>
    toolNotAvailable(def.name);

/**
 * A tool that may run at most `ms`: then its abort signal fires and the model gets an error result
 * rather than a reply that hangs. Executors should honour ctx.abortSignal to stop their own work.
 */
export function withTimeout<D extends ToolDefinition>(
  name: string,
  ms: number,
  executor: ToolExecutor<D>,
): ToolExecutor<D> {
  return async (input, ctx) => {
    const timeout = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<ToolResult>((resolve) => {
      timer = setTimeout(() => {
        const message = `The ${name} tool timed out after ${Math.round(ms / 1000)} s.`;
        timeout.abort(new Error(message));
        resolve(toolError(message));
      }, ms);
    });
    try {
      return await Promise.race([
        executor(input, { ...ctx, abortSignal: AbortSignal.any([ctx.abortSignal, timeout.signal]) }),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
}
