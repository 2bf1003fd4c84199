// The agent's tools, grouped by category (AGENT-25). Tools whose integration is missing are
// disabled with the reason; call_agent and search_knowledge_base open their lists when on.
import type { ReactNode } from "react";
import type { ToolSetting } from "@/shared/agents/schema";
import { isToolEnabled } from "@/shared/agents/schema";
import type { ToolMetadata } from "@/tools/define-tool";
import { groupByCategory } from "@/tools/registry";
import { Badge } from "@/client/components/ui/badge";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import {
  NOT_CONFIGURED,
  notConfiguredHint,
  toolNotConfigured,
  toolUnavailableReason,
  type ToolEnvironment,
} from "./tool-availability";
import { setToolEnabled } from "./tool-settings";

type Tools = Record<string, ToolSetting>;

function ToolRow({
  tool,
  checked,
  reason,
  notConfigured,
  onCheckedChange,
  children,
}: {
  tool: ToolMetadata;
  checked: boolean;
  reason: string | null;
  notConfigured: boolean;
  onCheckedChange: (on: boolean) => void;
  children?: ReactNode;
}) {
  const id = `tool-${tool.name}`;
  // An agent keeps a tool it already had when the integration goes away; it can only be switched off.
  const disabled = reason !== null && !checked;
  return (
    <li className="grid gap-3 rounded-lg border p-3 has-[[data-state=checked]]:border-primary/40 has-[[data-state=checked]]:bg-primary/[0.03]">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          className="mt-0.5"
          checked={checked}
          disabled={disabled}
          aria-describedby={`${id}-description`}
          onCheckedChange={(state) => onCheckedChange(state === true)}
        />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={id} className={disabled ? "opacity-60" : undefined}>
              {tool.displayName}
            </Label>
            {tool.recommended && <Badge variant="secondary">Recommended</Badge>}
            {tool.isPrivate && <Badge variant="outline">Private</Badge>}
            {notConfigured && (
              <Badge variant="outline" className="border-amber-500/60 text-amber-700 dark:text-amber-400">
                {NOT_CONFIGURED}
              </Badge>
            )}
          </div>
          <p id={`${id}-description`} className="text-xs text-muted-foreground">
            {tool.description}
            {reason && <span className="mt-1 block font-medium text-amber-700 dark:text-amber-400">{reason}</span>}
            {notConfigured && (
              <span className="mt-1 block text-amber-700 dark:text-amber-400">{notConfiguredHint(tool)}</span>
            )}
          </p>
        </div>
      </div>
      {checked && children}
    </li>
  );
}

export function ToolPicker({
  available,
  tools,
  env,
  onChange,
  extras,
}: {
  available: ToolMetadata[];
  tools: Tools;
  env: ToolEnvironment;
  onChange: (tools: Tools) => void;
  /** What opens under a tool when it is on, by tool name. */
  extras?: Record<string, ReactNode>;
}) {
  return (
    <div className="grid gap-6">
      {groupByCategory(available).map(({ category, tools: group }) => {
        const on = group.filter((t) => isToolEnabled(tools, t.name)).length;
        return (
          <section key={category} aria-label={category} className="grid gap-3">
            <h3 className="flex items-center gap-2 text-sm font-semibold">
              {category}
              <span className="text-xs font-normal text-muted-foreground">
                {on} of {group.length} enabled
              </span>
            </h3>
            <ul className="grid gap-2 lg:grid-cols-2">
              {group.map((tool) => (
                <ToolRow
                  key={tool.name}
                  tool={tool}
                  checked={isToolEnabled(tools, tool.name)}
                  reason={toolUnavailableReason(tool, env)}
                  notConfigured={toolNotConfigured(tool, env)}
                  onCheckedChange={(value) => onChange(setToolEnabled(tools, tool.name, value))}
                >
                  {extras?.[tool.name]}
                </ToolRow>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
