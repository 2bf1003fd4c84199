import { Avatar, AvatarFallback, AvatarImage } from "@/client/components/ui/avatar";
import { initials } from "@/client/lib/initials";
import { cn } from "@/client/lib/utils";

/** An organisation's logo, or its initials on an indigo tile. Decorative: the name is always shown beside it. */
export function OrgAvatar({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn("size-6 rounded-md", className)} aria-hidden>
      {imageUrl && <AvatarImage src={imageUrl} alt="" />}
      <AvatarFallback className="rounded-md bg-primary text-[0.65rem] font-semibold text-primary-foreground">
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
