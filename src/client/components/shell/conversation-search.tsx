// Issue 17: search the sidebar's conversations by title and message text. While a search is typed, its
// matches take the list's place; clearing it (or Escape) brings the list back.
import { useEffect, useState } from "react";
import { Search, X } from "lucide-react";
import { Input } from "@/client/components/ui/input";

/** Waits until typing pauses, so a search is not sent per keystroke. */
function useDebounced(value: string, ms: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function useSearchText() {
  const [text, setText] = useState("");
  return { text, setText, settled: useDebounced(text, 250) };
}

export function ConversationSearch({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  return (
    <div role="search" className="relative px-2 pb-1 group-data-[collapsible=icon]:hidden">
      <Search className="pointer-events-none absolute top-2 left-4 size-4 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label="Search conversations"
        placeholder="Search conversations"
        value={text}
        maxLength={200}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => e.key === "Escape" && onChange("")}
        className="h-8 pr-7 pl-8 text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => onChange("")}
          className="absolute top-1.5 right-3 rounded-sm p-0.5 text-muted-foreground hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
