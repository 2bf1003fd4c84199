// The copy button of a code block: copies the raw code and says "Copied" for a moment.
import { useEffect, useState } from "react";
import { Check, Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";

const FEEDBACK_MS = 2000;

export function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 gap-1 px-2 text-xs"
      onClick={() =>
        navigator.clipboard.writeText(code).then(
          () => setCopied(true),
          () => toast.error("Your browser blocked the clipboard."),
        )
      }
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? "Copied" : "Copy code"}</span>
    </Button>
  );
}
