// The inputs of a connection form, generated from its definition (PROV-15..18, INTEG-06).
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Textarea } from "@/client/components/ui/textarea";
import { fieldInputType, isSecretField, type ConnectionDefinition } from "@/shared/connections/types";
import {
  isFieldVisible,
  isOptionalField,
  reenterSecretHint,
  UNCHANGED_SECRET_PLACEHOLDER,
  type FieldErrors,
  type FormValues,
} from "@/client/lib/connections/form";

/** Readable names of enum values the definitions use; anything else shows as written. */
const OPTION_LABELS: Record<string, string> = { password: "Username/Password", pat: "Programmatic Access Token (PAT)" };

interface FieldsProps {
  def: ConnectionDefinition;
  values: FormValues;
  errors: FieldErrors;
  secretsSet: readonly string[];
  /** Label of the changed destination field (host, URL…): stored secrets must then be entered again. */
  changedDestination?: string;
  disabled?: boolean;
  onChange: (field: string, value: string) => void;
}

export function ConnectionFields(props: FieldsProps) {
  const { def } = props;
  if (!def.sections?.length)
    return (
      <div className="grid gap-4">
        {def.fields.map((f) => (
          <Field key={f} field={f} {...props} />
        ))}
      </div>
    );
  return (
    <div className="grid gap-5">
      {def.sections.map((section) => (
        <fieldset key={section.title} className="grid gap-4">
          <legend className="mb-3 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {section.title}
          </legend>
          {section.fields.map((f) => (
            <Field key={f} field={f} {...props} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function Field({
  def,
  field,
  values,
  errors,
  secretsSet,
  changedDestination,
  disabled,
  onChange,
}: FieldsProps & { field: string }) {
  if (!isFieldVisible(def, field, values)) return null;
  const config = def.fieldConfig?.[field];
  const type = fieldInputType(field, config);
  const id = `connection-${def.key}-${field}`;
  const error = errors[field];
  const label = def.fieldLabels[field] ?? field;
  // A field shown only for some choices (Snowflake's password/token) is required whenever it shows.
  const optional = isOptionalField(def, field) && !config?.showWhen && !/optional/i.test(label);
  const hasStoredSecret = isSecretField(field) && secretsSet.includes(field);
  const storedSecret = hasStoredSecret && !changedDestination;
  const hint = !hasStoredSecret
    ? null
    : changedDestination
      ? reenterSecretHint(changedDestination)
      : "Stored securely. Leave blank to keep the current value.";
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name: field,
    value: values[field] ?? "",
    disabled,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  const placeholder = storedSecret ? UNCHANGED_SECRET_PLACEHOLDER : config?.placeholder;

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional && <span className="font-normal text-muted-foreground">(optional)</span>}
      </Label>
      {type === "select" ? (
        <NativeSelect {...common} onChange={(e) => onChange(field, e.target.value)}>
          {(optional || !values[field]) && (
            <option value="">{optional ? "Default" : `Select ${label.toLowerCase()}...`}</option>
          )}
          {config?.options?.map((option) => (
            <option key={option} value={option}>
              {OPTION_LABELS[option] ?? option}
            </option>
          ))}
        </NativeSelect>
      ) : type === "textarea" ? (
        <Textarea
          {...common}
          rows={5}
          placeholder={placeholder}
          spellCheck={false}
          className="max-h-60 font-mono text-xs"
          onChange={(e) => onChange(field, e.target.value)}
        />
      ) : (
        <Input
          {...common}
          type={type}
          placeholder={placeholder}
          autoComplete={type === "password" ? "new-password" : "off"}
          spellCheck={false}
          min={type === "number" ? 1 : undefined}
          onChange={(e) => onChange(field, e.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
