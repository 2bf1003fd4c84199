// Tests only: the context a web tool runs in for an organisation without keys of its own, so the operator's
// environment decides (decision 092). The organisation's keys are looked up in the database: a test file
// using it starts the test context (getTestContext) first.
import type { ToolContext } from "./executor.server";

export const ORG_WITHOUT_OWN_KEYS = "org_without_own_keys";

export const webToolContext = (signal: AbortSignal = new AbortController().signal): ToolContext =>
  ({ orgId: ORG_WITHOUT_OWN_KEYS, abortSignal: signal }) as ToolContext;
