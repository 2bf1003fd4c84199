export { agentsKey, useAgents } from "@/client/lib/agents";
