// Suggested first messages shown in the chat; add and remove (AGENT-23).
import { Plus, X } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";

export function ConversationStartersField({
  value,
  onChange,
}: {
  value: string[];
  onChange: (list: string[]) => void;
}) {
  const set = (i: number, text: string) => onChange(value.map((s, j) => (j === i ? text : s)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Conversation Starters</legend>
      {value.length === 0 && <p className="text-xs text-muted-foreground">No conversation starters yet.</p>}
      {value.map((starter, i) => (
        <div key={i} className="flex items-center gap-2">
          <Input
            aria-label={`Conversation starter ${i + 1}`}
            placeholder="What can you help me with?"
            value={starter}
            onChange={(e) => set(i, e.target.value)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove conversation starter ${i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            <X />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => onChange([...value, ""])}>
        <Plus />
        Add conversation starter
      </Button>
    </fieldset>
  );
}
