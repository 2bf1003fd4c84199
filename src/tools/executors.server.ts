// Tool name → server executor. Tools without an executor answer "not available yet" as an error
// result, so a model never receives a fake success.
import type { ToolExecutor } from "./executor.server";
import { executeCallAgent } from "./call-agent/execute.server";
import { executeCallApi } from "./call-api/execute.server";
import { executeExecutePython } from "./execute-python/execute.server";
import { executeScheduleTask } from "./schedule-task/execute.server";
import { executeScrapeUrl } from "./scrape-url/execute.server";

// Each entry takes its own tool's input, which a single ToolExecutor<D> cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const toolExecutors: Partial<Record<string, ToolExecutor<any>>> = {
  call_agent: executeCallAgent,
  scrape_url: executeScrapeUrl,
  execute_python: executeExecutePython,
  call_api: executeCallApi,
  schedule_task: executeScheduleTask,
};
