// SHELL-06: the account button; its menu shows who is signed in, opens the profile (issue 17 #5), sets
// the theme, and signs out (ROUTE-11).
import { useState } from "react";
import { LogOut, UserRound } from "lucide-react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import type { UserInfo } from "@/shared/org";
import { ProfileDialog } from "@/client/components/account/profile-dialog";
import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { initials } from "@/client/lib/initials";
import { signOut } from "@/client/lib/sign-out";
import { THEMES, useTheme, type Theme } from "@/client/lib/theme";

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

export function UserMenu({ user }: { user: Pick<UserInfo, "name" | "email" | "imageUrl"> }) {
  const { mutate } = useSWRConfig();
  const [theme, setTheme] = useTheme();
  const [profileOpen, setProfileOpen] = useState(false);

  async function onSignOut() {
    try {
      await signOut();
    } catch {
      toast.error("Could not sign out. Please try again.");
      return;
    }
    // Nothing of this account may stay in memory for whoever signs in next.
    await mutate(() => true, undefined, { revalidate: false });
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="rounded-full">
            {/* Named by hidden text, not aria-label: the initials shown are not the name (WCAG 2.5.3). */}
            <span className="sr-only">Account: {user.name}</span>
            <Avatar className="size-8" aria-hidden>
              {user.imageUrl && <AvatarImage src={user.imageUrl} alt="" />}
              <AvatarFallback className="bg-primary/10 text-primary">{initials(user.name)}</AvatarFallback>
            </Avatar>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="grid gap-0.5 font-normal">
            <span className="truncate text-sm font-medium">{user.name}</span>
            <span className="truncate text-xs text-muted-foreground">{user.email}</span>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setProfileOpen(true)}>
            <UserRound aria-hidden />
            Profile
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Theme</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {THEMES.map((t) => (
              <DropdownMenuRadioItem key={t} value={t}>
                {THEME_LABELS[t]}
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => void onSignOut()}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileDialog open={profileOpen} onOpenChange={setProfileOpen} user={user} />
    </>
  );
}
