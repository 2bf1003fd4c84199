// "Export CSV" on Recent Conversations (decision 084): every interaction of the current filter, all pages.
import { useState } from "react";
import { Download, Loader2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { errorMessage } from "@/client/lib/api";

export function ExportCsvButton({ onExport }: { onExport: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onExport();
    } catch (err) {
      toast.error(errorMessage(err, "Failed to export conversations"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void run()}>
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {busy ? "Exporting..." : "Export CSV"}
    </Button>
  );
}
