import { NativeSelect } from "@/client/components/ui/native-select";
import type { CatalogModel } from "@/shared/models/catalog";
import { groupByProvider, modelOptionLabel } from "./model-options";

/** A select of the available models of one type, grouped by provider; a saved model that is no longer available stays listed. */
export function ModelSelect({
  id,
  models,
  type,
  value,
  placeholder,
  disabled,
  title,
  onChange,
}: {
  id: string;
  models: readonly CatalogModel[];
  type: CatalogModel["type"];
  value: string;
  placeholder: string;
  disabled?: boolean;
  title?: string;
  onChange: (value: string) => void;
}) {
  const groups = groupByProvider(models, type);
  const missing = value !== "" && !models.some((m) => m.key === value && m.type === type);
  return (
    <NativeSelect id={id} value={value} disabled={disabled} title={title} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {missing && <option value={value}>{value} (not available)</option>}
      {groups.map(([provider, list]) => (
        <optgroup key={provider} label={provider}>
          {list.map((model) => (
            <option key={model.key} value={model.key}>
              {modelOptionLabel(model)}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}
