// The knowledge bases search_knowledge_base may search (AGENT-07, AGENT-26). None exist yet, so the
// list shows its empty state and the selection stays empty.
import { Link } from "react-router";

export function KnowledgeBasesList() {
  return (
    <div className="grid gap-2 pl-7">
      <p id="knowledge-bases-label" className="text-xs font-medium">
        Knowledge bases this agent may search
      </p>
      <ul
        aria-labelledby="knowledge-bases-label"
        className="max-h-48 overflow-y-auto rounded-md border bg-background p-1"
      >
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
      </ul>
    </div>
  );
}
