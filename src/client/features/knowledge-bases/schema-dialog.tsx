// KB-30: the knowledge base's extraction schema, read-only.
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";

export function SchemaDialog({
  open,
  onOpenChange,
  schema,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schema: Record<string, unknown>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Extraction Schema</DialogTitle>
          <DialogDescription>The fields extracted from each file of this knowledge base.</DialogDescription>
        </DialogHeader>
        <pre
          aria-label="Extraction schema"
          className="max-h-[60vh] overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre"
        >
          {JSON.stringify(schema, null, 2)}
        </pre>
      </DialogContent>
    </Dialog>
  );
}
