// A file's row menu (KB-40..43): the actions rowActions allows, in its order.
import { Download, Eye, MoreHorizontal, PencilLine, RotateCcw, Trash2, type LucideIcon } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { rowActions, type KbFile, type RowAction } from "./files-table-model";

const ICONS: Record<RowAction, LucideIcon> = {
  "Download File": Download,
  "View Extracted Data": Eye,
  "Review Extracted Data": PencilLine,
  "Retry Processing": RotateCcw,
  "Delete File": Trash2,
};

export function FileRowMenu({ file, onAction }: { file: KbFile; onAction: (action: RowAction) => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${file.fileName}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {rowActions(file).map((action) => {
          const Icon = ICONS[action];
          return (
            <div key={action}>
              {action === "Delete File" && <DropdownMenuSeparator />}
              <DropdownMenuItem
                onSelect={() => onAction(action)}
                className={action === "Delete File" ? "text-destructive focus:text-destructive" : undefined}
              >
                <Icon aria-hidden />
                {action}
              </DropdownMenuItem>
            </div>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
