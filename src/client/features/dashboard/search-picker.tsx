// A button that opens a searchable list (the agent and user selectors): typing filters the items, and
// no match shows the spec's empty text ("No agent found.", "No user found.").
import { useState, type ReactNode } from "react";
import { ChevronsUpDown } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";

export interface PickerItem {
  value: string;
  label: string;
  search: string;
  detail?: ReactNode;
}

export function SearchPicker({
  name,
  width,
  allLabel,
  items,
  value,
  onChange,
  emptyText,
}: {
  name: string;
  width: number;
  allLabel: string;
  items: PickerItem[];
  value: string | null;
  onChange: (value: string | null) => void;
  emptyText: string;
}) {
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const shown = q ? items.filter((i) => i.search.toLowerCase().includes(q)) : items;
  const current = items.find((i) => i.value === value);
  return (
    <DropdownMenu onOpenChange={(open) => !open && setQuery("")}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="justify-between" style={{ width }}>
          {/* Named "Agent: All agents" by its text, so the visible choice is in the name (WCAG 2.5.3). */}
          <span className="truncate">
            <span className="sr-only">{name}: </span>
            {current?.label ?? allLabel}
          </span>
          <ChevronsUpDown className="size-4 opacity-50" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" style={{ width }} className="max-h-80 overflow-y-auto">
        <Input
          aria-label={`Search ${name.toLowerCase()}`}
          placeholder="Search..."
          value={query}
          className="mb-1 h-8"
          onChange={(e) => setQuery(e.target.value)}
          // Keys belong to the box, not to the menu's typeahead.
          onKeyDown={(e) => e.stopPropagation()}
        />
        {!q && <DropdownMenuItem onSelect={() => onChange(null)}>{allLabel}</DropdownMenuItem>}
        {shown.length === 0 ? (
          <p className="px-2 py-3 text-center text-sm text-muted-foreground">{emptyText}</p>
        ) : (
          shown.map((i) => (
            <DropdownMenuItem key={i.value} onSelect={() => onChange(i.value)} className="flex-col items-start">
              <span>{i.label}</span>
              {i.detail}
            </DropdownMenuItem>
          ))
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
