// The knowledge bases search_knowledge_base may search (AGENT-07, AGENT-26): the organisation's
// knowledge bases with checkboxes, scrolling at 12rem; its selection is accessibleKnowledgeBaseIds.
import { Link } from "react-router";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { useKnowledgeBases } from "@/client/api/knowledge-bases";

export function KnowledgeBasesList({
  selected,
  onChange,
}: {
  selected: Array<string | number>;
  onChange: (ids: string[]) => void;
}) {
  const { org } = useActiveOrg();
  const { data, error } = useKnowledgeBases(org.id);
  const knowledgeBases = data?.knowledgeBases;
  const chosen = selected.map(String);
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((x) => x !== id), id] : chosen.filter((x) => x !== id));

  return (
    <div className="grid gap-2 pl-7">
      <p id="knowledge-bases-label" className="text-xs font-medium">
        Knowledge bases this agent may search{" "}
        {knowledgeBases && knowledgeBases.length > 0 && (
          <span className="text-muted-foreground">({chosen.length} selected)</span>
        )}
      </p>
      <ul
        aria-labelledby="knowledge-bases-label"
        className="max-h-48 overflow-y-auto rounded-md border bg-background p-1"
      >
        {error && !knowledgeBases ? (
          <li className="p-3 text-center text-xs text-destructive">Failed to load knowledge bases</li>
        ) : !knowledgeBases ? (
          <li className="grid gap-1 p-1">
            <Skeleton className="h-8" />
            <Skeleton className="h-8" />
          </li>
        ) : knowledgeBases.length === 0 ? (
          <li className="grid gap-1 p-3 text-center text-xs text-muted-foreground">
            <span className="font-medium text-foreground">No knowledge bases yet</span>
            <span>
              Create one in{" "}
              <Link to="/control-hub/knowledge-bases" className="text-primary underline-offset-4 hover:underline">
                Knowledge Bases
              </Link>
              .
            </span>
          </li>
        ) : (
          knowledgeBases.map((kb) => {
            const id = `knowledge-base-${kb.id}`;
            return (
              <li key={kb.id} className="flex items-center gap-2 rounded-sm px-2 py-1.5 hover:bg-accent/50">
                <Checkbox
                  id={id}
                  checked={chosen.includes(String(kb.id))}
                  onCheckedChange={(state) => toggle(String(kb.id), state === true)}
                />
                <Label htmlFor={id} className="min-w-0 flex-1 truncate font-normal">
                  {kb.name}
                </Label>
                <span className="text-xs text-muted-foreground">
                  {kb.fileCount === 1 ? "1 file" : `${kb.fileCount} files`}
                </span>
              </li>
            );
          })
        )}
      </ul>
    </div>
  );
}
