// The agent toasts of hub spec §8 (AGENT-38..41), verbatim.
import { errorMessage, HttpError, isApiFailure } from "@/client/lib/api";

export const AGENT_CREATED = "Agent created successfully!";
export const AGENT_UPDATED = "Agent updated successfully!";
export const AGENT_DELETED = "Agent deleted successfully!";
export const CREATE_FAILED = "Failed to create agent. Please try again.";
export const CREATE_REFUSED = "Failed to create agent. Please check the console for details.";
export const DELETE_FAILED = "Failed to delete agent. Please try again.";
export const SELECT_MODEL_WARNING = "Please select a model before saving the agent.";

/**
 * The spec has two create-failure texts (AGENT-39). The server answered with an error: "check the
 * console" (the details are logged there, and its reason, if any, is the toast's description). No
 * answer at all (network, timeout): "try again". Decision 010.
 */
export function createFailureToast(failure: unknown): { title: string; description?: string } {
  if (!isApiFailure(failure) && !(failure instanceof HttpError)) return { title: CREATE_FAILED };
  const reason = errorMessage(failure, "");
  return reason ? { title: CREATE_REFUSED, description: reason } : { title: CREATE_REFUSED };
}

export const updateFailureMessage = (failure: unknown) =>
  `Failed to update agent. ${errorMessage(failure, "Please try again.")}`;
