// The review page's "Extracted Data" form (KB-49..56): fields from the knowledge base's schema (or the
// data), each with the page its value came from; Save Changes appears only with edits. The parent
// remounts it (key) when the saved data changes, which clears the edits (KB-51).
import { useEffect, useMemo, useState } from "react";
import { FileSearch } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { Switch } from "@/client/components/ui/switch";
import { Textarea } from "@/client/components/ui/textarea";
import { KB_TEXTS } from "@/shared/knowledge-bases";
import { draftOf, pageOfField, reviewFields, valueOf, type ReviewField } from "./review-fields";

export function ExtractedDataForm({
  schema,
  data,
  pages,
  saving,
  onShowPage,
  onSave,
}: {
  schema: Record<string, unknown> | null;
  data: Record<string, unknown>;
  pages: Record<string, number | null> | undefined;
  saving: boolean;
  onShowPage: (page: number) => void;
  onSave: (data: Record<string, unknown>) => Promise<boolean>;
}) {
  const fields = useMemo(() => reviewFields(schema, data), [schema, data]);
  const initial = useMemo(
    () => Object.fromEntries(fields.map((f) => [f.name, draftOf(f.type, data[f.name])])),
    [fields, data],
  );
  const [drafts, setDrafts] = useState<Record<string, unknown>>(initial);

  const changed = fields.filter((f) => drafts[f.name] !== initial[f.name]);
  const parsed = changed.map((f) => [f, valueOf(f.type, drafts[f.name])] as const);
  const invalid = new Set(parsed.filter(([, r]) => !r.ok).map(([f]) => f.name));
  const dirty = changed.length > 0;

  // KB-50/51: leaving with edits asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  if (Object.keys(data).length === 0) {
    return (
      <div className="grid gap-2 p-6 text-center text-sm">
        <FileSearch className="mx-auto size-6 text-muted-foreground" aria-hidden />
        <p className="font-medium">{KB_TEXTS.noExtractedData}</p>
        <p className="text-muted-foreground">
          Extracted data appears here once the file has been processed with an extraction schema configured on its
          knowledge base.
        </p>
      </div>
    );
  }

  async function save() {
    const next = { ...data };
    for (const [field, result] of parsed) if (result.ok) next[field.name] = result.value;
    await onSave(next);
  }

  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {dirty && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-500/40 dark:bg-amber-500/10">
          <span>{KB_TEXTS.unsavedChanges}</span>
          <Button type="submit" size="sm" disabled={saving || invalid.size > 0}>
            {saving && <Spinner label="Saving" />}
            Save Changes
          </Button>
        </div>
      )}
      {fields.map((field) => (
        <FieldEditor
          key={field.name}
          field={field}
          draft={drafts[field.name]}
          invalid={invalid.has(field.name)}
          page={pageOfField(pages, field.name)}
          onShowPage={onShowPage}
          onChange={(value) => setDrafts((d) => ({ ...d, [field.name]: value }))}
        />
      ))}
    </form>
  );
}

function FieldEditor({
  field,
  draft,
  invalid,
  page,
  onShowPage,
  onChange,
}: {
  field: ReviewField;
  draft: unknown;
  invalid: boolean;
  page: number | null;
  onShowPage: (page: number) => void;
  onChange: (value: unknown) => void;
}) {
  const id = `field-${field.name}`;
  const text = typeof draft === "string" ? draft : String(draft ?? "");
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{field.label}</Label>
        {page !== null && (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            aria-label={`Show page ${page} for ${field.label}`}
            onClick={() => onShowPage(page)}
          >
            Page {page}
          </Button>
        )}
      </div>
      {field.type === "boolean" ? (
        <Switch id={id} checked={draft === true} onCheckedChange={(on) => onChange(on)} />
      ) : field.type === "text" || field.type === "array" || field.type === "object" ? (
        <Textarea
          id={id}
          rows={field.type === "text" ? 4 : 5}
          className={field.type === "text" ? undefined : "font-mono text-xs"}
          value={text}
          aria-invalid={invalid}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <Input
          id={id}
          type={
            field.type === "number"
              ? "number"
              : field.type === "date"
                ? "date"
                : field.type === "date-time"
                  ? "datetime-local"
                  : "text"
          }
          step={field.type === "number" ? "any" : undefined}
          value={text}
          aria-invalid={invalid}
          onChange={(e) => {
            const value = e.target.value;
            // A string that grows past 100 characters keeps its one-line box until the next load.
            onChange(value);
          }}
        />
      )}
      {invalid && (
        <p role="alert" className="text-xs text-destructive">
          {field.type === "array"
            ? "Enter a JSON array"
            : field.type === "object"
              ? "Enter a JSON object"
              : "Enter a number"}
        </p>
      )}
      {field.description && <p className="text-xs text-muted-foreground">{field.description}</p>}
    </div>
  );
}
