// "View Extracted Data" (KB-41): a file's extracted data, read-only.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import type { KbFile } from "./files-table-model";

export function ExtractedDataDialog({ file, onClose }: { file: KbFile | null; onClose: () => void }) {
  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Extracted Data</DialogTitle>
          <DialogDescription>{file?.fileName}</DialogDescription>
        </DialogHeader>
        <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
          {JSON.stringify(file?.extractedData ?? {}, null, 2)}
        </pre>
      </DialogContent>
    </Dialog>
  );
}
