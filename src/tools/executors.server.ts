// Tool name → server executor. Each tool folder's execute.server.ts exports `execute` (tools not built
// yet export notAvailableYet, so the model never receives a fake success). They are found from the
// definitions in registry.ts: adding a tool touches its folder and that one list. esbuild bundles every
// file the import pattern below matches; tsx and Vitest resolve it at run time.
import { toolDefinitions } from "./registry";
import type { ToolDefinition } from "./define-tool";
import { withTimeout, type ToolExecutor } from "./executor.server";

// Each entry takes its own tool's input, which a single ToolExecutor<D> cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Executors = Partial<Record<string, ToolExecutor<any>>>;

/** The tool's own time limit (TOOLCARD-16), when its definition sets one. */
export function withToolTimeout(def: Pick<ToolDefinition, "name" | "timeoutMs">, executor: ToolExecutor): ToolExecutor {
  return def.timeoutMs ? withTimeout(def.name, def.timeoutMs, executor) : executor;
}

async function load(def: ToolDefinition): Promise<[string, ToolExecutor]> {
  const folder = def.name.replaceAll("_", "-");
  const mod = (await import(`./${folder}/execute.server.ts`)) as { execute?: ToolExecutor };
  if (typeof mod.execute !== "function") throw new Error(`src/tools/${folder}/execute.server.ts must export execute`);
  return [def.name, withToolTimeout(def, mod.execute)];
}

export const toolExecutors: Executors = Object.fromEntries(await Promise.all(toolDefinitions.map(load)));
