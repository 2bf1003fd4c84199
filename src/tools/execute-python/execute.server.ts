// execute_python: runs the code in the sandbox (sandbox.server.ts) and reports stdout, stderr, exit
// code, time and the files it wrote. A non-zero exit, a timeout or a limit is an error result whose
// text is what the model needs to fix its code (the traceback, or which limit was hit).
import { toolError, type ToolExecutor } from "../executor.server";
import type { executePython } from "./definition";
import { PYTHON_LIMITS, runPython, SandboxUnavailableError } from "./sandbox.server";

export const execute: ToolExecutor<typeof executePython> = async (input, ctx) => {
  let run;
  try {
    run = await runPython(input.code, { signal: ctx.abortSignal });
  } catch (err) {
    if (err instanceof SandboxUnavailableError)
      return toolError(`Python execution is not available on this server: ${err.message}`);
    return toolError(`Python execution failed: ${(err as Error).message}`);
  }
  const { stdout, stderr, exitCode, durationMs, files } = run;
  const details = { stdout, stderr, exitCode, durationMs, outputFiles: files };
  if (ctx.abortSignal.aborted) return toolError("Execution was cancelled", details);
  if (run.timedOut) return toolError(`Execution timed out after ${PYTHON_LIMITS.timeoutSeconds} s`, details);
  if (run.cpuLimitExceeded)
    return toolError(`Execution exceeded the CPU time limit of ${PYTHON_LIMITS.cpuSeconds} s`, details);
  if (exitCode !== 0) {
    // The sandbox's own tools report setup failures as "bwrap: …"; Python's errors never start that way.
    const setup = /^(?:bwrap|setpriv|prlimit|timeout): .*/.exec(stderr)?.[0];
    if (setup) return toolError(`The Python sandbox failed to start: ${setup}`, details);
    return toolError(
      stderr.trim() ||
        (exitCode > 128 ? `Python was killed by signal ${exitCode - 128}` : `Python exited with code ${exitCode}`),
      details,
    );
  }
  return { status: "success", content: stdout, ...details };
};
