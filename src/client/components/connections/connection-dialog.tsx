// Connect or edit a provider/integration: the form generated from its definition, validated with its
// schema before saving (PROV-18), prefilled from GET /api/getConnection when editing.
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { toast } from "sonner";
import { AlertCircle, AlertTriangle, CheckCircle2, PlugZap } from "lucide-react";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Spinner } from "@/client/components/ui/spinner";
import { connectionKey, updateConnection, useConnection } from "@/client/api/connections";
import { errorMessage, HttpError } from "@/client/lib/api";
import {
  connectionPayload,
  FORM_ERRORS_MESSAGE,
  initialValues,
  keptSecrets,
  serverFieldErrors,
  validateConnection,
  type FieldErrors,
  type FormValues,
  type StoredConnection,
} from "@/client/lib/connections/form";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import type { ConnectionDefinition } from "@/shared/connections/types";
import { ConnectionFields } from "./connection-fields";

export const CONNECTION_SAVED = "Connection updated successfully";
export const CONNECTION_SAVE_FAILED = "Failed to update connection. Please try again.";

export type ConnectionTest = (data: Record<string, unknown>) => Promise<{ ok: boolean; message: string }>;

interface DialogProps {
  def: ConnectionDefinition;
  orgId: string;
  mode: "create" | "edit";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offers a "Test connection" button that runs this with the form's data. */
  onTest?: ConnectionTest;
}

/** One id for the form-errors toast, so closing the form takes it away too (issue 17 #14). */
const FORM_ERRORS_TOAST = "connection-form-errors";

export function ConnectionDialog({ def, orgId, mode, open, onOpenChange: setOpen, onTest }: DialogProps) {
  const onOpenChange = (next: boolean) => {
    if (!next) toast.dismiss(FORM_ERRORS_TOAST);
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[min(90vh,52rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{mode === "edit" ? `Edit ${def.name}` : `Connect ${def.name}`}</DialogTitle>
          <DialogDescription>
            {mode === "edit"
              ? "Update the stored credentials. Secrets are never shown again; leave them blank to keep them."
              : "Credentials are encrypted and shared with everyone in your organization through its agents."}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (mode === "edit" ? (
            <EditBody {...{ def, orgId, onOpenChange, onTest }} />
          ) : (
            <ConnectionForm {...{ def, orgId, mode, onOpenChange, onTest }} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

function EditBody({ def, orgId, onOpenChange, onTest }: Omit<DialogProps, "mode" | "open">) {
  const { data, error, mutate } = useConnection(orgId, def.key);
  if (error) return <DataErrorFallback onRetry={() => void mutate()} className="p-4" />;
  if (!data) return <FormSkeleton rows={Math.min(def.fields.length, 4)} />;
  return <ConnectionForm {...{ def, orgId, onOpenChange, onTest }} mode="edit" stored={data} />;
}

function FormSkeleton({ rows }: { rows: number }) {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading connection">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

function ConnectionForm({
  def,
  orgId,
  mode,
  stored,
  onOpenChange,
  onTest,
}: Omit<DialogProps, "open"> & { stored?: StoredConnection }) {
  const revalidateOrg = useRevalidateOrg();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState<FormValues>(() => initialValues(def, stored));
  // Secrets stored for the old host, URL, region or login are not reused once that changes.
  const { kept, changed } = keptSecrets(def, values, stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  // Saved, but the provider could not be asked about the key: the form stays open to say so.
  const [savedWarning, setSavedWarning] = useState<string | null>(null);

  function change(field: string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setTestResult(null);
    // An edited field's error goes away; the others stay until the next submit.
    setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  /** Validates; on errors shows them, toasts and focuses the first invalid field. */
  function checked(): Record<string, unknown> | null {
    const found = validateConnection(def, values, kept);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (!first) return connectionPayload(def, values);
    toast.error(FORM_ERRORS_MESSAGE, { id: FORM_ERRORS_TOAST });
    document.getElementById(`connection-${def.key}-${first}`)?.focus();
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const data = checked();
    if (!data) return;
    setSaving(true);
    try {
      const saved = await updateConnection(orgId, mode === "edit" ? "update" : "create", def.key, data);
      toast.success(CONNECTION_SAVED);
      if (saved.warning) setSavedWarning(saved.warning);
      else onOpenChange(false);
      await Promise.all([revalidateOrg({ models: true }), mutate(connectionKey(orgId, def.key))]);
    } catch (failure) {
      // A refusal names the fields it found wrong; no answer at all gets the generic text.
      if (failure instanceof HttpError) setErrors(serverFieldErrors(def, failure.info, values));
      toast.error(errorMessage(failure, CONNECTION_SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  async function test() {
    const data = checked();
    if (!data || !onTest) return;
    setTesting(true);
    setTestResult(null);
    try {
      setTestResult(await onTest(data));
    } finally {
      setTesting(false);
    }
  }

  const hasErrors = Object.keys(errors).length > 0;
  if (savedWarning) return <SavedWithWarning message={savedWarning} onClose={() => onOpenChange(false)} />;
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-5" aria-label={`${def.name} credentials`}>
      <ConnectionFields
        def={def}
        values={values}
        errors={errors}
        secretsSet={stored?.secretsSet ?? []}
        changedDestination={changed ? (def.fieldLabels[changed] ?? changed) : undefined}
        disabled={saving}
        onChange={change}
      />
      {hasErrors && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden />
          <AlertDescription>{FORM_ERRORS_MESSAGE}</AlertDescription>
        </Alert>
      )}
      {testResult && <TestResultAlert {...testResult} />}
      <DialogFooter className="gap-2">
        {onTest && (
          <Button
            type="button"
            variant="outline"
            className="sm:mr-auto"
            onClick={() => void test()}
            disabled={testing || saving}
          >
            {testing ? <Spinner label="Testing connection" /> : <PlugZap aria-hidden />}
            Test connection
          </Button>
        )}
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner label="Saving" />}
          {mode === "edit" ? "Save Changes" : "Connect"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function SavedWithWarning({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <div className="grid gap-5">
      <Alert variant="warning" role="status">
        <AlertTriangle aria-hidden />
        <AlertDescription className="[overflow-wrap:anywhere]">{message}</AlertDescription>
      </Alert>
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

export function TestResultAlert({ ok, message }: { ok: boolean; message: string }) {
  return (
    <Alert
      variant={ok ? "default" : "destructive"}
      role="status"
      className={
        ok
          ? "border-emerald-200 bg-emerald-50 text-emerald-900 dark:bg-emerald-500/10 dark:text-emerald-200"
          : undefined
      }
    >
      {ok ? <CheckCircle2 aria-hidden /> : <AlertCircle aria-hidden />}
      <AlertDescription
        className={ok ? "text-emerald-800 dark:text-emerald-200 [overflow-wrap:anywhere]" : "[overflow-wrap:anywhere]"}
      >
        {message}
      </AlertDescription>
    </Alert>
  );
}
