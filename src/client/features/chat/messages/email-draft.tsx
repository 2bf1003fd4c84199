// A send_email call waiting for its owner (agent setting "ask before sending", decision 061): the
// drafted email — recipients, subject, attachments and the sanitised body in a sandboxed frame — with
// Send and Cancel. The tool call resumes on the server; its result then replaces this view.
import { useState } from "react";
import { Paperclip } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { errorMessage } from "@/client/lib/api";
import { answerEmailDraft, useEmailDraft } from "../api/email-approvals";

export function EmailDraft({ toolCallId }: { toolCallId: string }) {
  const { org } = useActiveOrg();
  const { data, mutate } = useEmailDraft(org.id, toolCallId);
  const [answered, setAnswered] = useState<"send" | "cancel" | null>(null);
  const draft = data?.draft;
  if (!draft) return null;

  const answer = async (action: "send" | "cancel") => {
    setAnswered(action);
    try {
      await answerEmailDraft(org.id, draft.id, action);
    } catch (err) {
      setAnswered(null);
      toast.error(errorMessage(err, "Failed to answer the email draft"));
      void mutate();
    }
  };

  return (
    <section aria-label="Email draft" className="flex flex-col gap-2 border-t px-3 py-2">
      <p className="text-xs font-medium text-muted-foreground">Review this email before it is sent</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
        <dt className="text-muted-foreground">To</dt>
        <dd className="[overflow-wrap:anywhere]">{draft.to.join(", ")}</dd>
        <dt className="text-muted-foreground">Subject</dt>
        <dd className="[overflow-wrap:anywhere]">{draft.subject}</dd>
      </dl>
      {draft.attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Attachments">
          {draft.attachments.map((a) => (
            <li key={a.fileId} className="inline-flex items-center gap-1 rounded border px-1.5 py-0.5">
              <Paperclip className="size-3" aria-hidden />
              {a.filename}
            </li>
          ))}
        </ul>
      )}
      {/* No scripts, no same origin: the body is shown, never run. */}
      <iframe title="Email body" sandbox="" srcDoc={draft.html} className="h-48 w-full rounded border bg-white" />
      <div className="flex gap-2">
        <Button type="button" size="sm" disabled={answered !== null} onClick={() => void answer("send")}>
          {answered === "send" ? "Sending..." : "Send"}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={answered !== null}
          onClick={() => void answer("cancel")}
        >
          Cancel
        </Button>
      </div>
    </section>
  );
}
