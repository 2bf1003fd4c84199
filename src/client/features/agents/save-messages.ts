// The agent toasts of hub spec §8 (AGENT-38..41), verbatim.
import { errorMessage } from "@/client/lib/api";

export const AGENT_CREATED = "Agent created successfully!";
export const AGENT_UPDATED = "Agent updated successfully!";
export const AGENT_DELETED = "Agent deleted successfully!";
export const CREATE_FAILED = "Failed to create agent. Please try again.";
export const DELETE_FAILED = "Failed to delete agent. Please try again.";
export const SELECT_MODEL_WARNING = "Please select a model before saving the agent.";

/** The server's reason when it gave one, else the spec's generic text. */
export const createFailureMessage = (failure: unknown) => errorMessage(failure, CREATE_FAILED);

export const updateFailureMessage = (failure: unknown) => `Failed to update agent. ${errorMessage(failure, "Please try again.")}`;
