// The model select (AGENT-04, AGENT-34): connected providers' chat models, or a pointer to Providers.
import { Link } from "react-router";
import { NativeSelect, NativeSelectOption } from "@/client/components/ui/native-select";
import type { CatalogModel } from "@/shared/models/catalog";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { modelOptions } from "./model-options";

export function ModelField({
  models,
  value,
  error,
  onChange,
}: {
  models: CatalogModel[];
  value: string;
  error?: string;
  onChange: (model: string) => void;
}) {
  const options = modelOptions(models, value);
  const hasModels = models.some((m) => m.type === "chat");
  const hint = hasModels ? (
    "The model the agent answers with."
  ) : (
    <>
      No models available.{" "}
      <Link to="/control-hub/providers" className="font-medium text-primary underline-offset-4 hover:underline">
        Connect a provider
      </Link>{" "}
      to choose one.
    </>
  );
  return (
    <FormField id="agent-model" label="AI Model" hint={hint} error={error}>
      <NativeSelect
        {...fieldA11y("agent-model", { hint: true, error })}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <NativeSelectOption value="">Select a model…</NativeSelectOption>
        {options.map((o) => (
          <NativeSelectOption key={o.value} value={o.value}>
            {o.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </FormField>
  );
}
