import type { ReactNode } from "react";
import { Notice } from "./notice";

/** The items of a search-like result, each in its own box; the `empty` text when there are none. */
export function ResultList<T>({
  items,
  empty,
  render,
  itemTestId,
}: {
  items: readonly T[];
  empty: string;
  render: (item: T) => ReactNode;
  itemTestId?: string;
}) {
  if (items.length === 0) return <Notice>{empty}</Notice>;
  return (
    <ol className="flex flex-col gap-2 text-xs">
      {items.map((item, i) => (
        <li key={i} className="rounded-md bg-muted/60 p-2" data-testid={itemTestId}>
          {render(item)}
        </li>
      ))}
    </ol>
  );
}
