// What the tool-card tests of this feature share: a finished call rendered open, and its Output region.
import { render, screen } from "@testing-library/react";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import { ToolCard } from "./tool-card";

/** A finished call, opened so its Output shows. */
export const showToolResult = (toolName: string, args: Record<string, unknown>, result: unknown) =>
  render(<ToolCard invocation={{ state: "result", toolCallId: "t1", toolName, args, result } as ToolInvocation} autoExpand />);

export const toolOutput = () => screen.getByRole("region", { name: "Output" });
