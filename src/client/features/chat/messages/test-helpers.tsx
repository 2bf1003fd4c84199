// What the tool-card tests of this feature share: a finished call rendered open, its Output region, and
// what the chat screen provides around a sub-conversation.
import type { ReactNode } from "react";
import { render, screen } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { fetcher } from "@/client/lib/api";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";
import { MessageItem } from "./message-item";
import { MessageView } from "./message-view";
import { ToolCard } from "./tool-card";

/** A fresh cache, Acme (org_1) active, and the message list's MessageItem for sub-conversations. */
export function InChat({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <ActiveOrgProvider user={makeUser()} org={makeOrg()}>
        <MessageView.Provider value={MessageItem}>{children}</MessageView.Provider>
      </ActiveOrgProvider>
    </SWRConfig>
  );
}

/** A finished call, opened so its Output shows. */
export const showToolResult = (toolName: string, args: Record<string, unknown>, result: unknown) =>
  render(
    <ToolCard
      invocation={{ state: "result", toolCallId: "t1", toolName, args, result } as ToolInvocation}
      autoExpand
    />,
  );

export const toolOutput = () => screen.getByRole("region", { name: "Output" });
