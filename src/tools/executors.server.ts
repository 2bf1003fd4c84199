// Tool name → server executor. Tools without an executor answer "not available yet" as an error
// result, so a model never receives a fake success.
import { withTimeout, type ToolExecutor } from "./executor.server";
import { executeCallAgent } from "./call-agent/execute.server";
import { executeCallApi } from "./call-api/execute.server";
import { executeExecutePython } from "./execute-python/execute.server";
import { executePostgresSql } from "./postgres-sql/execute.server";
import { DEEP_RESEARCH_TIMEOUT_MS } from "./perplexity-deep-research/definition";
import { executeScheduleTask } from "./schedule-task/execute.server";
import { executeScrapeUrl } from "./scrape-url/execute.server";

// Each entry takes its own tool's input, which a single ToolExecutor<D> cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Executors = Partial<Record<string, ToolExecutor<any>>>;

/** Tools with a time limit of their own (TOOLCARD-16); it applies as soon as the tool has an executor. */
export const TOOL_TIMEOUT_MS: Partial<Record<string, number>> = {
  perplexity_deep_research: DEEP_RESEARCH_TIMEOUT_MS,
};

export function withToolTimeouts(executors: Executors): Executors {
  return Object.fromEntries(
    Object.entries(executors).map(([name, executor]) => {
      const ms = TOOL_TIMEOUT_MS[name];
      return [name, executor && ms ? withTimeout(name, ms, executor) : executor];
    }),
  );
}

export const toolExecutors: Executors = withToolTimeouts({
  call_agent: executeCallAgent,
  scrape_url: executeScrapeUrl,
  execute_python: executeExecutePython,
  call_api: executeCallApi,
  schedule_task: executeScheduleTask,
  postgres_sql: executePostgresSql,
});
