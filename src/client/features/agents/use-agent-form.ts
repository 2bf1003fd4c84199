// The agent form's state: values, and the schema's messages for the fields the user changed
// (validate on change, AGENT-31).
import { useCallback, useMemo, useState } from "react";
import { parseAgentForm, type AgentFormErrors, type AgentFormField, type AgentFormValues } from "./agent-form-values";

export interface AgentFormState {
  values: AgentFormValues;
  /** Messages of the fields changed so far. */
  errors: AgentFormErrors;
  isValid: boolean;
  setField: <K extends AgentFormField>(field: K, value: AgentFormValues[K]) => void;
}

export function useAgentForm(initial: AgentFormValues, id: number | undefined): AgentFormState {
  const [values, setValues] = useState(initial);
  const [changed, setChanged] = useState<ReadonlySet<AgentFormField>>(new Set());
  const parsed = useMemo(() => parseAgentForm(values, id), [values, id]);

  const errors = useMemo(() => {
    if (parsed.ok) return {};
    return Object.fromEntries(
      Object.entries(parsed.errors).filter(([field]) => changed.has(field as AgentFormField)),
    ) as AgentFormErrors;
  }, [parsed, changed]);

  // Stable, so memoised sections (the 31 tools) skip re-rendering while the user types elsewhere.
  const setField = useCallback(<K extends AgentFormField>(field: K, value: AgentFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChanged((c) => (c.has(field) ? c : new Set(c).add(field)));
  }, []);

  return { values, errors, isValid: parsed.ok, setField };
}
