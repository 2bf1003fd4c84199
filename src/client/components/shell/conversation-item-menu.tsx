// CONV-05: the per-conversation menu — Copy link, Rename, Delete. Shown only in the expanded sidebar
// (CONV-04); the list decides that.
import { useState } from "react";
import { Link2, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useLocation, useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { copyConversationLink, deleteConversation, renameConversation } from "@/client/lib/conversation-actions";
import { refreshConversations } from "@/client/api/conversations";
import { conversationHref } from "./nav-items";
import { RenameConversationDialog } from "./rename-conversation-dialog";

export function ConversationItemMenu({
  orgId,
  id,
  name,
  title,
}: {
  orgId: string;
  id: string;
  name?: string | null;
  title: string;
}) {
  const [renaming, setRenaming] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  async function onRename(newName: string) {
    const ok = await renameConversation(orgId, id, newName);
    if (ok) await refreshConversations(orgId);
    return ok;
  }

  async function onDelete() {
    if (!(await deleteConversation(orgId, id))) return;
    // The open conversation is gone: start a new chat instead of showing a deleted one.
    if (pathname === conversationHref(id)) navigate("/chat");
    await refreshConversations(orgId);
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Options for ${title}`}
          // Touch screens have no hover: there the button is always shown.
          className="absolute top-1 right-1 flex size-6 items-center justify-center rounded-md text-sidebar-foreground outline-hidden ring-sidebar-ring transition-opacity hover:bg-sidebar-accent focus-visible:ring-2 md:opacity-0 md:group-hover/menu-item:opacity-100 md:focus-visible:opacity-100 md:data-[state=open]:opacity-100 md:peer-data-[active=true]/menu-button:opacity-100 [&>svg]:size-4"
        >
          <MoreHorizontal aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="right" align="start" className="w-44">
          <DropdownMenuItem onSelect={() => void copyConversationLink(id)}>
            <Link2 aria-hidden />
            Copy link
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <Pencil aria-hidden />
            Rename
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            onSelect={() => void onDelete()}
            className="text-destructive focus:text-destructive [&_svg]:text-destructive!"
          >
            <Trash2 aria-hidden />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <RenameConversationDialog open={renaming} onOpenChange={setRenaming} currentName={name} onSave={onRename} />
    </>
  );
}
