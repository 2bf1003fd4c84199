// send_email's option under the tool picker (decision 061): show each drafted email in the chat with
// Send / Cancel before anything leaves.
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";

export function AskBeforeSending({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <div className="flex items-start gap-2 pl-7">
      <Checkbox id="ask-before-sending" checked={checked} onCheckedChange={(s) => onChange(s === true)} />
      <div className="grid gap-0.5">
        <Label htmlFor="ask-before-sending" className="font-normal">
          Ask before sending
        </Label>
        <p className="text-xs text-muted-foreground">Show each drafted email in the chat with Send and Cancel.</p>
      </div>
    </div>
  );
}
